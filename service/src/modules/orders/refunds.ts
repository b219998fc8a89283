import type { AppContext } from '../../context.ts';
import { refuse } from '../../http/envelope.ts';
import { isUniqueViolation } from './db-errors.ts';
import { orderMessages as m } from './messages.ts';
import { PaymentStatus, REFUNDABLE_STATUSES, ReviewStatus } from './status.ts';
import { noPendingRefund, ownOrder } from './transitions.ts';

/**
 * A shopper applies for a refund of a paid, shipped or complete order whose payment stands
 * and which has no application under review. The order row is touched with a compare-and-set
 * first, so a concurrent review or state change serialises with the application.
 */
export async function applyForRefund(ctx: AppContext, userId: number, orderId: number, reason: string) {
  await ownOrder(ctx.db, userId, orderId);
  const at = ctx.now().toISOString();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const touched = await trx
        .updateTable('orders')
        .set({ updated_at: at })
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .where('status', 'in', REFUNDABLE_STATUSES)
        .where('payment_status', '=', PaymentStatus.paid)
        .where(noPendingRefund)
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) !== 1) {
        const open = await trx
          .selectFrom('refunds')
          .select('id')
          .where('order_id', '=', orderId)
          .where('review_status', '=', ReviewStatus.pending)
          .executeTakeFirst();
        throw refuse(open ? m['order.refundPending'] : m['order.statusNotAllowed']);
      }
      const order = await trx
        .selectFrom('orders')
        .select(['paid_amount'])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const payment = await trx
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', orderId)
        .where('status', '=', PaymentStatus.paid)
        .orderBy('id')
        .executeTakeFirst();
      const refund = await trx
        .insertInto('refunds')
        .values({
          order_id: orderId,
          user_id: userId,
          reason,
          amount: order.paid_amount,
          review_status: ReviewStatus.pending,
          remark: '',
          origin: 'shopper',
          payment_id: payment?.id ?? null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('refund_events')
        .values({ refund_id: refund.id, review_status: ReviewStatus.pending, remark: reason, at })
        .execute();
      return { refundId: refund.id };
    });
  } catch (error) {
    // Two applications raced: the partial unique index let only one through.
    if (isUniqueViolation(error)) throw refuse(m['order.refundPending']);
    throw error;
  }
}

/** The after-sales progress of an order: every review step of its refunds, oldest first. */
export async function afterSalesSteps(ctx: AppContext, userId: number, orderId: number) {
  await ownOrder(ctx.db, userId, orderId);
  const rows = await ctx.db
    .selectFrom('refund_events')
    .innerJoin('refunds', 'refunds.id', 'refund_events.refund_id')
    .select([
      'refund_events.refund_id as refundId',
      'refund_events.review_status as reviewStatus',
      'refund_events.remark as remark',
      'refund_events.at as at',
      'refunds.origin as origin',
      'refunds.amount as amount',
    ])
    .where('refunds.order_id', '=', orderId)
    .orderBy('refund_events.at')
    .orderBy('refund_events.id')
    .execute();
  return rows;
}
