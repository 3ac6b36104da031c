/**
 * Readiness that knows about writes: /readyz answers 503 while writes fail,
 * so a load balancer sends traffic elsewhere, instead of 200 over a full disk. /healthz stays
 * liveness only (the process answers).
 *
 * The rule, per place (the database; DATA_DIR when the server writes there):
 *   not ready when a write failed for want of space or a working disk (plugins/lifecycle.ts
 *   storageFault: 53100 disk_full, 58030 io_error, ENOSPC, EDQUOT, EROFS, EIO…) within the last
 *   FAULT_WINDOW_MS and no write has succeeded since.
 * A write succeeds, as far as this is concerned, when a POST, PUT, PATCH or DELETE is answered
 * with a 2xx or 3xx. DATA_DIR is also probed by /readyz itself (a 4 KiB file written, fsynced and
 * removed; at most every PROBE_INTERVAL_MS while it works, on every check while it fails), so a
 * full or read-only DATA_DIR shows before any request fails and its recovery shows at once.
 * After FAULT_WINDOW_MS without a new failure the instance is ready again and tries.
 */
import type { FastifyInstance } from 'fastify';
import { dataDirInUse, probeDirectory } from '../lib/dataDir';
import type { StorageFault } from './lifecycle';

export const FAULT_WINDOW_MS = 30_000;
export const PROBE_INTERVAL_MS = 5_000;

type Place = StorageFault['source'];
const PLACE_NAMES: Record<Place, string> = { database: 'the database', dataDir: 'DATA_DIR' };

export interface ReadinessState {
  /** A write to `place` failed with `code`. */
  recordWriteFailure(place: Place, code: string): void;
  /** A write to `place` succeeded: a failure before it no longer counts. */
  recordWriteSuccess(place: Place): void;
  /** Null when ready; otherwise why not, e.g. 'writes to the database are failing (53100)'. */
  check(): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether writes work (plugins/readiness.ts), for /readyz. */
    readiness: ReadinessState;
  }
}

export function createReadiness(options: {
  /** DATA_DIR to probe, or null when the server does not write there. */
  dataDir: string | null;
  now?: () => number;
  /** Told when the DATA_DIR probe starts failing (the server's logger). */
  onProbeFailure?: (message: string) => void;
}): ReadinessState {
  const now = options.now ?? (() => Date.now());
  // `order` ranks events that share a millisecond; `at` is for the window.
  let order = 0;
  const failures = new Map<Place, { at: number; order: number; code: string }>();
  const successes = new Map<Place, number>();
  let probedAt = -Infinity;
  let probeFailing = false;

  const state: ReadinessState = {
    recordWriteFailure(place, code) {
      failures.set(place, { at: now(), order: (order += 1), code });
    },
    recordWriteSuccess(place) {
      successes.set(place, (order += 1));
    },
    async check() {
      if (options.dataDir !== null && (probeFailing || now() - probedAt >= PROBE_INTERVAL_MS)) {
        probedAt = now();
        const fault = await probeDirectory(options.dataDir);
        if (fault) {
          if (!probeFailing) options.onProbeFailure?.(fault.message);
          state.recordWriteFailure('dataDir', fault.code);
        } else {
          state.recordWriteSuccess('dataDir');
        }
        probeFailing = fault !== null;
      }
      for (const [place, failure] of failures) {
        const recent = now() - failure.at < FAULT_WINDOW_MS;
        const since = successes.get(place) ?? -Infinity;
        if (recent && since < failure.order) return `writes to ${PLACE_NAMES[place]} are failing (${failure.code})`;
      }
      return null;
    },
  };
  return state;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Decorates the app with its readiness state and counts answered writes as successes. */
export function installReadiness(app: FastifyInstance): void {
  const { config, database } = app;
  app.decorate(
    'readiness',
    createReadiness({
      dataDir: dataDirInUse({ databaseUrl: database.kind === 'pglite' ? null : config.databaseUrl, devMailbox: config.devMailbox })
        ? config.dataDir
        : null,
      onProbeFailure: (message) => app.log.error(`readiness: ${message}`),
    }),
  );
  app.addHook('onResponse', async (request, reply) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode < 400) app.readiness.recordWriteSuccess('database');
  });
}
