/**
 * The rows of a raw `db.execute(sql…)`: node-postgres answers `{ rows }`, PGlite through
 * Drizzle an array. One helper for both databases, where each module had its own copy.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
