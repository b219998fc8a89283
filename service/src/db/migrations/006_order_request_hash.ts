import type { Kysely } from 'kysely';

/**
 * An idempotency key is bound to the request it was first used with: the SHA-256 of the
 * canonical body of that request. Orders placed before this migration have none (any retry
 * of theirs is answered as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('request_hash', 'text').execute();
}
