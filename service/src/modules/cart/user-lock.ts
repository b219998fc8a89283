import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/**
 * Serialises one user's cart or address changes inside a transaction. PostgreSQL locks the
 * user's row (NO KEY UPDATE, so foreign-key checks elsewhere are not blocked); SQLite already
 * runs one write transaction at a time.
 */
export async function lockUser(trx: Kysely<Database>, dialect: DialectName, userId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(trx);
}
