/**
 * LISTEN on a PostgreSQL channel: what every instance on one database hears of a NOTIFY, which
 * the server sends only when the notifying transaction commits (and drops on rollback).
 *
 * PostgreSQL: one connection of its own (a pooled one would be handed to queries and lose the
 * LISTEN), opened again after it drops (a restart, a failover, a cut network), backing off from
 * 0.5 s to 5 s; `onReconnect` is told when a dropped connection is back, so the caller can look up
 * what was notified while nobody listened. A connection that died without a word is found by a
 * `select 1` every 30 s. PGlite: the one embedded connection, whose LISTEN hears the same
 * process's commits.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

export interface ChannelListener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  /** The connection is listening again after a drop; `since` is when it was lost. */
  onReconnect?(since: Date): void;
  onError?(err: Error): void;
}

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5_000;
const PROBE_EVERY_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

/** Starts listening; resolves once the first LISTEN is in place (so nothing committed after is missed). */
export async function listenChannel(database: Database, channel: string, handlers: ListenHandlers): Promise<ChannelListener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listenChannel: not a plain channel name: ${channel}`);
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(channel, handlers.onMessage);
    return { close: () => unlisten() };
  }
  // The pool's own settings (connection string, SSL, …), for a connection outside it.
  const options = (client as pg.Pool & { options: pg.ClientConfig }).options;
  let closed = false;
  let current: pg.Client | null = null;
  let retryMs = RETRY_MIN_MS;
  let retry: NodeJS.Timeout | null = null;
  let lostAt: Date | null = null;

  const connect = async (): Promise<void> => {
    const connection = new pg.Client({ ...options, keepAlive: true });
    const lost = (err?: Error) => {
      if (current !== connection) return;
      current = null;
      lostAt ??= new Date();
      if (err) handlers.onError?.(err);
      connection.end().catch(() => undefined);
      schedule();
    };
    connection.on('error', lost);
    connection.on('end', () => lost(closed ? undefined : new Error('LISTEN connection ended')));
    connection.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onMessage(message.payload);
    });
    current = connection;
    await connection.connect();
    await connection.query(`LISTEN ${channel}`);
    retryMs = RETRY_MIN_MS;
    if (lostAt) {
      const since = lostAt;
      lostAt = null;
      handlers.onReconnect?.(since);
    }
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: Error) => {
        // A connection that never opened: drop it and try again later.
        if (current) {
          const failed = current;
          current = null;
          failed.end().catch(() => undefined);
        }
        lostAt ??= new Date();
        handlers.onError?.(err);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
        schedule();
      });
    }, retryMs);
    retry.unref();
  };
  const probe = setInterval(() => {
    const connection = current;
    if (!connection) return;
    const timeout = setTimeout(() => connection.emit('error', new Error('LISTEN connection did not answer')), PROBE_TIMEOUT_MS);
    timeout.unref();
    connection
      .query('select 1')
      .catch((err: Error) => connection.emit('error', err))
      .finally(() => clearTimeout(timeout));
  }, PROBE_EVERY_MS);
  probe.unref();

  try {
    await connect();
  } catch (err) {
    clearInterval(probe);
    const failed = current as pg.Client | null;
    current = null;
    await failed?.end().catch(() => undefined);
    throw err;
  }
  return {
    close: async () => {
      closed = true;
      clearInterval(probe);
      if (retry) clearTimeout(retry);
      const connection = current;
      current = null;
      await connection?.end().catch(() => undefined);
    },
  };
}
