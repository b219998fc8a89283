import { type Kysely, sql } from 'kysely';
import { createTable, notNull } from '../columns.ts';
import type { DialectName } from '../database.ts';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'orders')
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'integer', notNull)
    .addColumn('payment_status', 'integer', notNull)
    .addColumn('payment_method', 'text', notNull)
    .addColumn('request_id', 'text', notNull)
    .addColumn('total_quantity', 'integer', notNull)
    .addColumn('product_amount', 'integer', notNull)
    .addColumn('shipping_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payable_amount', 'integer', notNull)
    .addColumn('paid_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipient', 'text', notNull)
    .addColumn('phone', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('address_detail', 'text', notNull)
    .addColumn('payment_deadline', 'text', notNull)
    .addColumn('paid_at', 'text')
    .addColumn('shipped_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('orders_user_request', ['user_id', 'request_id'])
    .addCheckConstraint('orders_status_range', sql`status BETWEEN 0 AND 4`)
    .addCheckConstraint('orders_payment_status_range', sql`payment_status BETWEEN 0 AND 3`)
    .execute();
  await db.schema.createIndex('orders_user_status').on('orders').columns(['user_id', 'status']).execute();
  await db.schema
    .createIndex('orders_pending_deadline')
    .on('orders')
    .columns(['status', 'payment_deadline'])
    .execute();

  await createTable(db, dialect, 'order_items')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('name', 'text', notNull)
    .addColumn('name_en', 'text', notNull)
    .addColumn('image', 'text', notNull)
    .addColumn('unit_price', 'integer', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await createTable(db, dialect, 'payments')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('method', 'text', notNull)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('expires_at', 'text', notNull)
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('payload', 'text', notNull)
    .addColumn('outcome', 'text', notNull)
    .addColumn('received_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('payment_events_order').on('payment_events').column('order_id').execute();

  await createTable(db, dialect, 'refunds')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('review_status', 'integer', notNull)
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'text', notNull)
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('reviewed_at', 'text')
    .addCheckConstraint('refunds_review_range', sql`review_status BETWEEN 1 AND 3`)
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
  await db.schema
    .createIndex('refunds_review')
    .on('refunds')
    .columns(['review_status', 'created_at'])
    .execute();
  // A shopper has at most one refund application under review per order, even under races.
  await sql`CREATE UNIQUE INDEX refunds_one_open ON refunds (order_id)
    WHERE review_status = 1 AND origin = 'shopper'`.execute(db);

  await createTable(db, dialect, 'refund_events')
    .addColumn('refund_id', 'integer', (c) => c.notNull().references('refunds.id').onDelete('cascade'))
    .addColumn('review_status', 'integer', notNull)
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', notNull)
    .execute();

  await createTable(db, dialect, 'ledger_entries')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('direction', 'integer', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('type', 'text', notNull)
    .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('order_no', 'text', notNull)
    // What caused the entry ('payment:<id>', 'refund:<id>'): one entry per cause, never two.
    .addColumn('source', 'text', (c) => c.notNull().unique())
    .addColumn('at', 'text', notNull)
    .addCheckConstraint('ledger_direction_range', sql`direction IN (0, 1)`)
    .addCheckConstraint('ledger_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('ledger_user_at').on('ledger_entries').columns(['user_id', 'at']).execute();
}
