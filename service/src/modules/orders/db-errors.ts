/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
