/**
 * PostgreSQL's unique violation (SQLSTATE 23505), as node-postgres and PGlite report it, also
 * when Drizzle wraps the driver's error in its own (the driver's is then the `cause`).
 */
const UNIQUE_VIOLATION = '23505';

/** The constraint a unique violation names ('' when the driver names none), or null when the error is something else. */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint, constraint_name: constraintName, message } = e as Record<string, unknown>;
    if (code === UNIQUE_VIOLATION) return String(constraint ?? constraintName ?? message ?? '');
  }
  return null;
}

/** True when the error is a unique violation, whichever constraint. */
export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolation(err) !== null;
}
