import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from './database.ts';
import type { Database } from './types.ts';

/** PostgreSQL's "try again" errors: serialization failure and deadlock detected. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableConflict(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: string } | null)?.code ?? '');
}

/**
 * Runs `work` in one transaction and runs it again (up to `attempts` times, with a short random
 * pause) when PostgreSQL aborts it as a deadlock victim or a serialization failure: a race
 * between two shoppers must end in a business answer, never in a 500. `work` must only touch
 * the database, so running it again is safe.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= attempts) throw error;
      await sleep(5 + Math.floor(Math.random() * 20 * attempt));
    }
  }
}

/**
 * Locks one order row for the rest of the transaction. Every transaction that changes an order
 * together with its payments takes this lock first (order, then payments), so pay and cancel
 * never wait on each other in opposite orders. NO KEY UPDATE leaves foreign-key checks of new
 * payment or ledger rows unblocked; SQLite already runs one write transaction at a time.
 */
export async function lockOrder(trx: Kysely<Database>, dialect: DialectName, orderId: number): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`SELECT id FROM orders WHERE id = ${orderId} FOR NO KEY UPDATE`.execute(trx);
}
