import type { Kysely } from 'kysely';

/**
 * A cart line remembers the unit price (fen) its product had when the shopper put it in the cart,
 * so the cart can say when the price changed since. Lines from before have none: no notice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cart_lines').addColumn('added_price', 'integer').execute();
}
