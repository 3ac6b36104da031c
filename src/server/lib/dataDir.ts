/**
 * DATA_DIR's faults in plain words. Before anything writes there (the
 * generated JWT secret, PGlite, the dev mailbox, the ops socket), the directory is created one
 * level at a time and a probe file is written, fsynced and removed, so a read-only mount, a
 * permission problem, a file where the directory should be or a full disk stops the server with
 * one line naming the directory and the cause, and an exit code of its class:
 *
 *   73 (EX_CANTCREAT)  the directory cannot be created or written: EACCES, EPERM, EROFS, ENOTDIR…
 *   74 (EX_IOERR)      the disk is full or failing: ENOSPC, EDQUOT, EFBIG, EIO and anything else
 *
 * instead of PGlite's `ErrnoError { errno: 51 }` or the misleading "ENOENT … mkdir" a recursive
 * mkdir gives on a read-only mount. `probeDirectory` is also the readiness check's write probe.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import path from 'node:path';

export const EXIT_CANT_CREATE = 73; // EX_CANTCREAT
export const EXIT_IO_ERROR = 74; // EX_IOERR

/** Codes that mean "this place cannot be created or written", as opposed to a full or failing disk. */
const CANNOT_WRITE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EISDIR', 'EEXIST', 'ENOENT', 'ELOOP', 'ENAMETOOLONG', 'EBUSY']);
/** Codes of a full disk (or a quota, or a file-size limit). */
export const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** What each code means, for the codes that PGlite reports as bare numbers (its errno is WASI's). */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EEXIST: 'file already exists',
  ENOENT: 'no such file or directory',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'i/o error',
};

/** Emscripten's (WASI's) errno numbers, as PGlite's ErrnoError carries them, for the codes above. */
const WASI_ERRNO: Record<number, string> = { 2: 'EACCES', 63: 'EPERM', 69: 'EROFS', 54: 'ENOTDIR', 31: 'EISDIR', 20: 'EEXIST', 44: 'ENOENT', 51: 'ENOSPC', 19: 'EDQUOT', 22: 'EFBIG', 29: 'EIO' };

export class DataDirError extends Error {
  constructor(
    message: string,
    readonly directory: string,
    readonly code: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

/** The code of a file-system error: Node's `code`, or PGlite's WASI errno turned into its name. */
export function fileErrorCode(err: unknown): string | null {
  const { code, errno, name } = (err ?? {}) as { code?: unknown; errno?: unknown; name?: unknown };
  if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return code;
  if (name === 'ErrnoError' && typeof errno === 'number') return WASI_ERRNO[errno] ?? `errno ${errno}`;
  return null;
}

function reasonOf(err: unknown, code: string): string {
  if (REASONS[code]) return REASONS[code];
  // Node's message: 'EXDEV: cross-device link not permitted, rename …'
  const message = err instanceof Error ? err.message : '';
  return /^[A-Z0-9]+: ([^,]+)/.exec(message)?.[1] ?? 'failed';
}

/**
 * The one-line fault for a directory. `doing` says what failed: creating it (or a missing parent),
 * or writing in it.
 * @param label how the message names the directory, e.g. 'DATA_DIR'.
 */
export function dataDirFault(label: string, directory: string, err: unknown, doing: 'create' | 'write' | 'read'): DataDirError {
  const code = fileErrorCode(err) ?? 'EIO';
  const cause = `(${code}: ${reasonOf(err, code)})`;
  if (STORAGE_FULL_CODES.has(code)) {
    return new DataDirError(`${label} ${directory} has no space left ${cause}`, directory, code, EXIT_IO_ERROR);
  }
  const exitCode = CANNOT_WRITE.has(code) ? EXIT_CANT_CREATE : EXIT_IO_ERROR;
  const problem = doing === 'create' ? 'cannot be created' : doing === 'read' ? 'cannot be read' : 'is not writable';
  return new DataDirError(`${label} ${directory} ${problem} ${cause}`, directory, code, exitCode);
}

/** Creates `directory` one level at a time, so the error names the real cause (a recursive mkdir may say ENOENT). */
function createDirectory(label: string, directory: string): void {
  const missing: string[] = [];
  let current = directory;
  for (;;) {
    let stats;
    try {
      stats = statSync(current, { throwIfNoEntry: false });
    } catch (err) {
      // ENOTDIR: a parent is a file; the walk up finds which.
      if ((err as NodeJS.ErrnoException).code !== 'ENOTDIR') throw dataDirFault(label, directory, err, 'create');
    }
    if (stats) {
      if (!stats.isDirectory()) {
        const where = current === directory ? `is a file, not a directory` : `cannot be created: ${current} is a file, not a directory`;
        throw new DataDirError(`${label} ${directory} ${where} (ENOTDIR: not a directory)`, directory, 'ENOTDIR', EXIT_CANT_CREATE);
      }
      break;
    }
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir);
    } catch (err) {
      // Another process made it in between: fine.
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && statSync(dir, { throwIfNoEntry: false })?.isDirectory()) continue;
      throw dataDirFault(label, directory, err, 'create');
    }
  }
}

const PROBE_BYTES = 4096;
const probeName = () => `.write-probe-${process.pid}-${randomBytes(4).toString('hex')}`;

/**
 * Makes sure `directory` exists and takes a write: creates it if needed, then writes, fsyncs and
 * removes a small probe file. Throws a DataDirError naming the directory and the cause.
 */
export function prepareDirectory(directory: string, label = 'DATA_DIR'): void {
  createDirectory(label, directory);
  const file = path.join(directory, probeName());
  let fd: number | null = null;
  try {
    fd = openSync(file, 'wx', 0o600);
    writeSync(fd, Buffer.alloc(PROBE_BYTES));
    fsyncSync(fd);
  } catch (err) {
    throw dataDirFault(label, directory, err, 'write');
  } finally {
    if (fd !== null) closeSync(fd);
    try {
      unlinkSync(file);
    } catch {
      // Never made, or already gone.
    }
  }
}

/** The same probe without blocking the event loop (the readiness check); resolves to the fault or null. */
export async function probeDirectory(directory: string, label = 'DATA_DIR'): Promise<DataDirError | null> {
  let stats;
  try {
    stats = statSync(directory, { throwIfNoEntry: false });
  } catch (err) {
    return dataDirFault(label, directory, err, 'read');
  }
  if (!stats?.isDirectory()) {
    return new DataDirError(`${label} ${directory} is missing or not a directory`, directory, stats ? 'ENOTDIR' : 'ENOENT', EXIT_CANT_CREATE);
  }
  const file = path.join(directory, probeName());
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    handle = await open(file, 'wx', 0o600);
    await handle.write(Buffer.alloc(PROBE_BYTES));
    await handle.sync();
    return null;
  } catch (err) {
    return dataDirFault(label, directory, err, 'write');
  } finally {
    await handle?.close().catch(() => undefined);
    await unlink(file).catch(() => undefined);
  }
}

/** Whether the running server writes in DATA_DIR: PGlite keeps the database there, the dev mailbox its mail. */
export function dataDirInUse(config: { databaseUrl: string | null; devMailbox: boolean }): boolean {
  return config.databaseUrl === null || config.devMailbox;
}
