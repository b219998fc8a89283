import type { RestAfterSalesStep, RestReviewStatus } from '@shop/common/rest/index.ts';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, RefundTable } from '../../db/types.ts';
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
      const refundId = await openRefund(
        trx,
        {
          order_id: orderId,
          user_id: userId,
          reason,
          amount: order.paid_amount,
          origin: 'shopper',
          payment_id: payment?.id ?? null,
          created_at: at,
        },
        reason,
      );
      return { refundId };
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
  return refundSteps(ctx.db, orderId);
}

/** Every review step of an order's refunds, oldest first (no ownership check: callers do it). */
/**
 * The after-sales steps of several orders, oldest first: each a RestAfterSalesStep (common/rest/)
 * plus the order and the refund it belongs to.
 */
export async function refundStepsOfOrders(
  db: Kysely<Database>,
  orderIds: number[],
): Promise<Array<RestAfterSalesStep & { orderId: number; refundId: number }>> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom('refund_events')
    .innerJoin('refunds', 'refunds.id', 'refund_events.refund_id')
    .select([
      'refunds.order_id as orderId',
      'refund_events.refund_id as refundId',
      'refund_events.review_status as reviewStatus',
      'refund_events.remark as remark',
      'refund_events.at as at',
      'refunds.origin as origin',
      'refunds.amount as amount',
    ])
    .where('refunds.order_id', 'in', orderIds)
    .orderBy('refund_events.at')
    .orderBy('refund_events.id')
    .execute();
  // review_status holds the values of ReviewStatus (checked when written).
  type Step = Omit<(typeof rows)[number], 'reviewStatus'> & { reviewStatus: RestReviewStatus };
  return rows as Step[];
}

/** One order's after-sales steps, oldest first, each with the refund it belongs to. */
export async function refundSteps(
  db: Kysely<Database>,
  orderId: number,
): Promise<Array<RestAfterSalesStep & { refundId: number }>> {
  return (await refundStepsOfOrders(db, [orderId])).map(({ orderId: _, ...step }) => step);
}

/**
 * Opens a refund application under review together with the first step of its after-sales
 * progress (`eventRemark`). Run inside the caller's transaction.
 */
export async function openRefund(
  trx: Kysely<Database>,
  refund: Omit<Insertable<RefundTable>, 'review_status' | 'remark'>,
  eventRemark: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('refunds')
    .values({ ...refund, review_status: ReviewStatus.pending, remark: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('refund_events')
    .values({
      refund_id: id,
      review_status: ReviewStatus.pending,
      remark: eventRemark,
      at: refund.created_at,
    })
    .execute();
  return id;
}
