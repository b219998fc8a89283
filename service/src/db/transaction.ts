import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DialectName } from './database.ts';
import { isConnectionFailure } from './failures.ts';
import { isDeadlineFailure } from './pg-deadlines.ts';
import type { Database } from './types.ts';

/** PostgreSQL's "try again" errors: serialization failure and deadlock detected. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableConflict(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: string } | null)?.code ?? '');
}

/** Connection failures retried per transaction: enough to ride over one dropped pooled connection. */
const CONNECTION_RETRIES = 2;

/**
 * Runs `work` in one transaction and runs it again (up to `attempts` times, with a short random
 * pause) when PostgreSQL aborts it as a deadlock victim or a serialization failure: a race
 * between two shoppers must end in a business answer, never in a 500. `work` must only touch
 * the database, so running it again is safe.
 *
 * A connection lost before COMMIT was sent (at connect, at BEGIN or during `work`) is retried as
 * well: the server rolls back a transaction whose connection ends, so nothing of it stayed. A
 * connection lost during COMMIT is never retried — the commit may have happened, and running the
 * work again could place an order twice — the error goes up and the caller answers 503 without
 * acknowledging anything. A statement that ran out of time is not retried either: the request
 * would outlive its deadline waiting on the same lock or stalled server.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  attempts = 5,
): Promise<T> {
  let connectionRetries = 0;
  for (let attempt = 1; ; attempt += 1) {
    let committing = false;
    try {
      return await db.transaction().execute(async (trx) => {
        const result = await work(trx);
        committing = true;
        return result;
      });
    } catch (error) {
      if (
        isConnectionFailure(error) &&
        !isDeadlineFailure(error) &&
        !committing &&
        connectionRetries < CONNECTION_RETRIES
      ) {
        connectionRetries += 1;
        await sleep(50 + Math.floor(Math.random() * 100 * connectionRetries));
        continue;
      }
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
