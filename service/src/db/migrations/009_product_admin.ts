import type { Kysely } from 'kysely';
import { createTable, flag, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

/**
 * Products edited from the back office. `version` starts at 1 and every change adds one, so an
 * edit made against an older version is refused instead of overwriting someone else's (the
 * compare-and-set is `WHERE id = ? AND version = ?`). A withdrawn product keeps its row (orders
 * and carts point at it) with `withdrawn_at` set and `on_shelf` 0, so every storefront rule about
 * off-shelf products keeps it out without knowing about withdrawal. `is_hot` and `is_new` are the
 * back office's picks for the home page lists. `product_history` holds one row per change, the
 * fields it changed before → after as JSON `[{field, before, after}]`.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('products').addColumn('version', 'integer', flag(1)).execute();
  await db.schema.alterTable('products').addColumn('withdrawn_at', 'text').execute();
  await db.schema.alterTable('products').addColumn('is_hot', 'integer', flag(0)).execute();
  await db.schema.alterTable('products').addColumn('is_new', 'integer', flag(0)).execute();

  await createTable(db, dialect, 'product_history')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('version', 'integer', notNull)
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('actor_account', 'text', notNull)
    .addColumn('kind', 'text', notNull)
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema
    .createIndex('product_history_product')
    .on('product_history')
    .columns(['product_id', 'id'])
    .execute();
}
