import type { Kysely } from 'kysely';

/**
 * An idempotency key is bound to the request it was first used with: the SHA-256 of the
 * canonical body of that request. An order placed without a hash has none
 * (a retry with its key returns it whatever the body).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('request_hash', 'text').execute();
}
