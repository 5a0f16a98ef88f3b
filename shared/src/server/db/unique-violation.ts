/** Postgres' (and PGlite's) unique_violation: a row another write already holds the key of. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}
