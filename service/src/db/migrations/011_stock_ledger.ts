import { type Kysely, sql } from 'kysely';
import { createTable, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

/**
 * Every change of a product's stock, one row each: the back office's adjustments (restock,
 * correction, damage) and what orders do to it (sale, cancel, refund). `stock_after` is the
 * product's stock right after the change, so the ledger alone tells the starting stock (the first
 * row's stock_after − delta) and stock + sold = start + adjustments can be checked from it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'stock_ledger')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('delta', 'integer', notNull)
    .addColumn('reason', 'text', notNull)
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('stock_after', 'integer', notNull)
    .addColumn('at', 'text', notNull)
    .addCheckConstraint('stock_ledger_delta_non_zero', sql`delta <> 0`)
    .addCheckConstraint('stock_ledger_stock_after_non_negative', sql`stock_after >= 0`)
    .addCheckConstraint(
      'stock_ledger_reason',
      sql`reason IN ('restock', 'correction', 'damage', 'sale', 'cancel', 'refund')`,
    )
    .execute();
  await db.schema
    .createIndex('stock_ledger_product')
    .on('stock_ledger')
    .columns(['product_id', 'id'])
    .execute();
  await db.schema.createIndex('stock_ledger_order').on('stock_ledger').column('order_id').execute();
}
