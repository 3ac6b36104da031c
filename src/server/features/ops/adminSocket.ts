/**
 * How `npm run ops` reaches a running server on PGlite, which admits one process at a time:
 * a Unix socket in DATA_DIR (ops.sock, mode 0600, removed on close). Only someone who can read
 * DATA_DIR (where the database and the JWT secret already are) can connect, and the socket
 * takes only the three staff commands of adminCommands.ts: one JSON line in, one JSON line out.
 */
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { AdminAnswer } from './adminCommands';

const ADMIN_SOCKET_NAME = 'ops.sock';
/** A request is a command and an address: anything longer is not one of ours. */
const MAX_REQUEST = 4096;
const TIMEOUT_MS = 30_000;

export const adminSocketPath = (dataDir: string) => path.join(dataDir, ADMIN_SOCKET_NAME);

/** True when something answers on the socket (another server on the same DATA_DIR). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function listenOn(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // The umask covers the moment between bind and chmod: the socket is never open to others.
    const previous = process.umask(0o177);
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      process.umask(previous);
    }
  });
}

export interface AdminSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Listens on DATA_DIR/ops.sock and answers each request with `handle`. A socket file left by a
 * server that died is replaced; one another live server answers on is left alone (null).
 */
export async function listenAdminSocket(
  socketPath: string,
  handle: (request: unknown) => Promise<AdminAnswer>,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<AdminSocket | null> {
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    let buffer = '';
    const onData = (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0) {
        if (buffer.length > MAX_REQUEST) socket.destroy();
        return;
      }
      socket.off('data', onData);
      let request: unknown = null;
      try {
        request = JSON.parse(buffer.slice(0, end));
      } catch {
        // parseAdminCommand refuses null as an unknown command
      }
      const command = (request as { command?: unknown } | null)?.command;
      log.info({ command: typeof command === 'string' ? command.slice(0, 32) : null }, 'ops command on the local socket');
      void handle(request).then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    };
    socket.on('data', onData);
  });
  try {
    await listenOn(server, socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (await answers(socketPath)) {
      log.warn({ socket: socketPath }, 'another server answers on the ops socket: this one does not listen there');
      return null;
    }
    rmSync(socketPath, { force: true });
    await listenOn(server, socketPath);
  }
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

/**
 * Sends one command to a running server. Rejects with ENOENT or ECONNREFUSED when no server
 * listens (the command line then opens the database itself).
 */
export function callAdminSocket(socketPath: string, request: object): Promise<AdminAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('The server did not answer on the ops socket in time')));
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
    });
    socket.once('error', (err) => reject(Object.assign(err, { connected })));
    socket.once('end', () => {
      try {
        resolve(JSON.parse(buffer) as AdminAnswer);
      } catch {
        reject(Object.assign(new Error('The server gave an answer the command line does not understand'), { connected }));
      }
    });
  });
}
