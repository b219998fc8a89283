import type {
  RestAdminOrderDetail,
  RestOrder,
  RestOrderStatus,
  RestPage,
  RestPaymentMethod,
  RestPaymentStatus,
  RestRefund,
} from '@shop/common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import { inTransaction, lockOrder } from '../../db/transaction.ts';
import { badRequest, notFound, refuse } from '../../http/envelope.ts';
import { paginate, paginateRows } from '../../http/paging.ts';
import type { PageQuery } from '../../http/validate.ts';
import type { Locale } from '../../i18n/index.ts';
import { bookLedgerEntry } from '../ledger/service.ts';
import { orderMessages } from '../orders/messages.ts';
import { refundSteps } from '../orders/refunds.ts';
import { COURIER_DICTIONARY } from '../orders/shipment.ts';
import { Direction, OrderStatus, PaymentStatus, ReviewStatus } from '../orders/status.ts';
import { noPendingRefund, restoreStock } from '../orders/transitions.ts';
import { orderViews, refundView } from '../orders/views.ts';
import { adminMessages as m } from './messages.ts';

/** How a parcel left: a courier of the shop's list (dictionary `courier`) and its waybill number. */
export interface Shipment {
  courier: string;
  waybillNo: string;
}

/**
 * Ships a paid order (1 → 2) with its courier and waybill number, written in the one
 * compare-and-set that moves the status. Refused while a refund application is under review, and
 * for a courier the shop's list does not hold (400 'admin.courierUnknown' on the `courier` field).
 */
export async function shipOrder(ctx: AppContext, orderId: number, shipment: Shipment): Promise<void> {
  const courier = await ctx.db
    .selectFrom('dict_items')
    .select('value')
    .where('dict_key', '=', COURIER_DICTIONARY)
    .where('value', '=', shipment.courier)
    .executeTakeFirst();
  if (!courier) {
    // Bad input at a field, like the form rules' refusals: a 400 naming `courier`.
    throw badRequest(m['admin.courierUnknown'], {}, { fields: { courier: m['admin.courierUnknown'] } });
  }
  const at = ctx.now().toISOString();
  const result = await ctx.db
    .updateTable('orders')
    .set({
      status: OrderStatus.shipped,
      shipped_at: at,
      courier_code: courier.value,
      waybill_no: shipment.waybillNo,
      updated_at: at,
    })
    .where('id', '=', orderId)
    .where('status', '=', OrderStatus.paid)
    .where(noPendingRefund)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const order = await ctx.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound(orderMessages['order.notFound']);
  if (order.status === OrderStatus.paid) throw refuse(orderMessages['order.refundPending']);
  throw refuse(orderMessages['order.statusNotAllowed']);
}

/**
 * Reviews a refund (compare-and-set on review status pending). Approval gives the money back:
 * payment status refund (3), the paid payment refunded, an income in the shopper's ledger; an
 * order that was paid but not shipped is cancelled and its stock restored, a shipped or complete
 * order keeps its status. Rejection keeps everything and records the remark.
 */
export async function reviewRefund(ctx: AppContext, refundId: number, approve: boolean, remark: string) {
  const exists = await ctx.db
    .selectFrom('refunds')
    .select(['id', 'order_id'])
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (!exists) throw notFound(m['admin.refundNotFound']);
  const at = ctx.now().toISOString();
  await inTransaction(ctx.db, async (trx) => {
    // The order first, like payment and cancellation: the one lock order of orders and payments.
    await lockOrder(trx, ctx.dialect, exists.order_id);
    const reviewStatus = approve ? ReviewStatus.passed : ReviewStatus.rejected;
    const reviewed = await trx
      .updateTable('refunds')
      .set({ review_status: reviewStatus, remark, reviewed_at: at })
      .where('id', '=', refundId)
      .where('review_status', '=', ReviewStatus.pending)
      .executeTakeFirst();
    if (Number(reviewed.numUpdatedRows) !== 1) throw refuse(m['admin.refundReviewed']);
    await trx
      .insertInto('refund_events')
      .values({ refund_id: refundId, review_status: reviewStatus, remark, at })
      .execute();
    if (!approve) return;

    const refund = await trx
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refundId)
      .executeTakeFirstOrThrow();
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', refund.order_id)
      .executeTakeFirstOrThrow();
    if (refund.origin !== 'duplicate-payment') {
      // The order's own payment goes back (a shopper's application or a late payment).
      const refunded = await trx
        .updateTable('orders')
        .set({ payment_status: PaymentStatus.refund, updated_at: at })
        .where('id', '=', order.id)
        .where('payment_status', '=', PaymentStatus.paid)
        .executeTakeFirst();
      if (Number(refunded.numUpdatedRows) !== 1) throw refuse(orderMessages['order.statusNotAllowed']);
    }
    if (refund.origin === 'shopper' && order.status === OrderStatus.paid) {
      const cancelled = await trx
        .updateTable('orders')
        .set({ status: OrderStatus.cancel, cancelled_at: at, cancel_reason: 'refunded', updated_at: at })
        .where('id', '=', order.id)
        .where('status', '=', OrderStatus.paid)
        .executeTakeFirst();
      if (Number(cancelled.numUpdatedRows) === 1) await restoreStock(trx, order.id, at, 'refund');
    }
    if (refund.payment_id !== null) {
      await trx
        .updateTable('payments')
        .set({ status: PaymentStatus.refund })
        .where('id', '=', refund.payment_id)
        .where('status', '=', PaymentStatus.paid)
        .execute();
    }
    await bookLedgerEntry(trx, {
      userId: order.user_id,
      direction: Direction.income,
      amount: refund.amount,
      type: 'refund',
      orderId: order.id,
      orderNo: order.order_no,
      source: `refund:${refund.id}`,
      at,
    });
  });
  const row = await ctx.db
    .selectFrom('refunds')
    .selectAll()
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow();
  return refundView(row);
}

/** All shoppers' orders, newest first, with the buyer's account. */
export async function adminOrderPage(
  ctx: AppContext,
  query: PageQuery & { status?: number; orderNo?: string; id?: number },
  locale: Locale,
): Promise<RestPage<RestOrder & { userId: number }>> {
  let base = ctx.db.selectFrom('orders');
  if (query.id !== undefined) base = base.where('id', '=', query.id);
  if (query.status !== undefined) base = base.where('status', '=', query.status);
  if (query.orderNo) base = base.where('order_no', '=', query.orderNo);
  return paginateRows(
    base,
    query,
    (q) => q.selectAll().orderBy('id', 'desc'),
    async (rows) => {
      const userIds = [...new Set(rows.map((row) => row.user_id))];
      const users = userIds.length
        ? await ctx.db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute()
        : [];
      const views = await orderViews(ctx.db, rows, locale, ctx.now());
      return views.map((view, index) => ({
        ...view,
        userId: rows[index].user_id,
        account: users.find((user) => user.id === rows[index].user_id)?.username ?? null,
      }));
    },
  );
}

/**
 * One order for the back office: the order (with its buyer's account), the buyer, every payment
 * attempt, every refund and the review steps of all of them, oldest first. 404 when there is no such order.
 */
export async function adminOrderDetail(
  ctx: AppContext,
  orderId: number,
  locale: Locale,
): Promise<RestAdminOrderDetail> {
  const page = await adminOrderPage(ctx, { pageNum: 1, pageSize: 1, id: orderId }, locale);
  const order = page.records[0];
  if (!order) throw notFound(orderMessages['order.notFound']);
  const [buyer, payments, refunds] = await Promise.all([
    ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'name', 'phone'])
      .where('id', '=', order.userId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
    ctx.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
  ]);
  const steps = await refundSteps(ctx.db, orderId);
  return {
    order,
    buyer: { id: buyer.id, account: buyer.username, name: buyer.name, phone: buyer.phone },
    payments: payments.map((payment) => ({
      id: payment.id,
      // The columns hold the values of orders/status.ts (checked when written).
      method: payment.method as RestPaymentMethod,
      amount: payment.amount,
      status: payment.status as RestPaymentStatus,
      createdAt: payment.created_at,
      expiresAt: payment.expires_at,
      paidAt: payment.paid_at,
    })),
    refunds: refunds.map((refund) => ({
      ...refundView(refund),
      orderNo: order.orderNo,
      orderStatus: order.status,
      paymentStatus: order.paymentStatus,
      account: buyer.username,
    })),
    refundSteps: steps.map(({ reviewStatus, remark, at }) => ({ reviewStatus, remark, at })),
  };
}

/** Refunds (applications and late or duplicate payments), oldest pending first. */
export async function adminRefundPage(
  ctx: AppContext,
  query: PageQuery & { reviewStatus?: number },
): Promise<RestPage<RestRefund>> {
  let base = ctx.db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('users', 'users.id', 'refunds.user_id');
  if (query.reviewStatus !== undefined) base = base.where('refunds.review_status', '=', query.reviewStatus);
  return paginate(
    base,
    query,
    (q) =>
      q
        .selectAll('refunds')
        .select([
          'orders.order_no',
          'orders.status as order_status',
          'orders.payment_status',
          'users.username',
        ])
        .orderBy('refunds.review_status')
        .orderBy('refunds.id', 'desc'),
    (row) => ({
      ...refundView(row),
      orderNo: row.order_no,
      orderStatus: row.order_status as RestOrderStatus,
      paymentStatus: row.payment_status as RestPaymentStatus,
      account: row.username,
    }),
  );
}
