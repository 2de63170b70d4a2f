/** PostgreSQL's unique_violation (23505), as node-postgres and PGlite report it (directly or as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}
