import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import { recordStockChanges, type StockChange } from '../stock/ledger.ts';
import { orderMessages as m } from './messages.ts';
import { OrderStatus, PaymentStatus, ReviewStatus } from './status.ts';
import type { OrderRow } from './views.ts';

/**
 * A where-clause on `orders`: no refund application of the order is under review. Shipping and a
 * new application both wait for the review, so both compare-and-sets carry it.
 */
export const noPendingRefund = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'orders'>) =>
  not(
    exists(
      selectFrom('refunds')
        .select(sql.lit(1).as('one'))
        .whereRef('refunds.order_id', '=', 'orders.id')
        .where('refunds.review_status', '=', ReviewStatus.pending),
    ),
  );

/** The caller's own order; someone else's order is answered as not found (404). */
export async function ownOrder(db: Kysely<Database>, userId: number, orderId: number): Promise<OrderRow> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw notFound(m['order.notFound']);
  return order;
}

/**
 * Puts the reserved goods of an order back on the shelf (stock up, sales down), each line with
 * its stock ledger row: `cancel` for a cancelled order, `refund` for an approved refund.
 */
export async function restoreStock(
  trx: Kysely<Database>,
  orderId: number,
  at: string,
  reason: 'cancel' | 'refund' = 'cancel',
): Promise<void> {
  const items = await trx
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .execute();
  const restored: StockChange[] = [];
  for (const item of items) {
    const row = await trx
      .updateTable('products')
      .set({
        stock: sql`stock + ${item.quantity}`,
        sales: sql`CASE WHEN sales >= ${item.quantity} THEN sales - ${item.quantity} ELSE 0 END`,
      })
      .where('id', '=', item.product_id)
      .returning('stock')
      .executeTakeFirstOrThrow();
    const { product_id: productId, quantity: delta } = item;
    restored.push({ productId, delta, reason, stockAfter: row.stock, at, orderId });
  }
  await recordStockChanges(trx, restored);
}

/**
 * Cancels a pending order inside the caller's transaction: compare-and-set 0 → 4, payment
 * status cancel, pending payment links cancelled, stock restored. False when it was not pending.
 * The order row is written first and its payments after, the lock order `lockOrder` describes.
 */
export async function cancelPendingOrder(
  trx: Kysely<Database>,
  orderId: number,
  at: string,
  reason: 'shopper' | 'expired',
  userId?: number,
): Promise<boolean> {
  let update = trx
    .updateTable('orders')
    .set({
      status: OrderStatus.cancel,
      payment_status: PaymentStatus.cancel,
      cancelled_at: at,
      cancel_reason: reason,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.pending);
  if (userId !== undefined) update = update.where('user_id', '=', userId);
  if (Number((await update.executeTakeFirst()).numUpdatedRows) !== 1) return false;
  await restoreStock(trx, orderId, at);
  await trx
    .updateTable('payments')
    .set({ status: PaymentStatus.cancel })
    .where('order_id', '=', orderId)
    .where('status', '=', PaymentStatus.pending)
    .execute();
  return true;
}

/**
 * Cancels unpaid orders whose payment deadline has passed, restoring their stock. Run by the
 * job every ~30 s and lazily before a shopper's orders are read or paid. Returns how many.
 */
export async function cancelExpiredOrders(
  ctx: AppContext,
  filter: { userId?: number; orderId?: number } = {},
): Promise<number> {
  const now = ctx.now().toISOString();
  let query = ctx.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', OrderStatus.pending)
    .where('payment_deadline', '<=', now);
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.orderId !== undefined) query = query.where('id', '=', filter.orderId);
  const expired = await query.orderBy('id').limit(500).execute();
  let cancelled = 0;
  for (const { id } of expired) {
    const done = await inTransaction(ctx.db, (trx) => cancelPendingOrder(trx, id, now, 'expired'));
    if (done) cancelled += 1;
  }
  if (cancelled) ctx.log.info({ cancelled }, 'cancelled unpaid orders past their payment deadline');
  return cancelled;
}

/** Shopper cancels a pending order (0 → 4). */
export async function cancelByShopper(ctx: AppContext, userId: number, orderId: number): Promise<void> {
  await ownOrder(ctx.db, userId, orderId);
  const at = ctx.now().toISOString();
  const done = await inTransaction(ctx.db, (trx) => cancelPendingOrder(trx, orderId, at, 'shopper', userId));
  if (!done) throw refuse(m['order.statusNotAllowed']);
}

/** Shopper confirms receipt of a shipped order (2 → 3). */
export async function confirmReceipt(ctx: AppContext, userId: number, orderId: number): Promise<void> {
  await ownOrder(ctx.db, userId, orderId);
  const at = ctx.now().toISOString();
  const result = await ctx.db
    .updateTable('orders')
    .set({ status: OrderStatus.complete, received_at: at, updated_at: at })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', OrderStatus.shipped)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw refuse(m['order.statusNotAllowed']);
}
