import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database, OrderTable, PaymentTable } from '../../db/types.ts';
import { badRequest, refuse } from '../../http/envelope.ts';
import { common } from '../../i18n/common.ts';
import { orderMessages } from '../orders/messages.ts';
import { ENABLED_PAYMENT_METHODS, OrderStatus, PAYMENT_METHODS, PaymentStatus } from '../orders/status.ts';
import { cancelExpiredOrders, ownOrder } from '../orders/transitions.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,100}$/;

/**
 * The hosted page's address: a path, as every link to the shop's own pages is. The gateway serves it on
 * whichever of the shop's origins the shopper used and makes it absolute on that origin for its clients.
 */
export function checkoutPath(token: string) {
  return `/service/pay/lpay/checkout/${token}`;
}

/** Refuses anything but an offered payment method (only lpay; stripe and wkpay are not offered). */
export function assertMethod(method: string | null | undefined): void {
  if (!method) throw refuse(orderMessages['order.selectPaymentMethod']);
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw badRequest(common['validation.invalid'], { field: 'field.method' });
  }
  if (!(ENABLED_PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw refuse(orderMessages['order.paymentMethodUnavailable']);
  }
}

/**
 * Gives a payment link for a pending order: a random token (stored only as its hash) that
 * expires after the payment TTL, never after the order's payment deadline.
 */
export async function createPaymentLink(ctx: AppContext, userId: number, orderId: number, method: string) {
  await ownOrder(ctx.db, userId, orderId);
  await cancelExpiredOrders(ctx, { userId, orderId });
  const order = await ownOrder(ctx.db, userId, orderId);
  if (order.status === OrderStatus.cancel && order.cancel_reason === 'expired') {
    throw refuse(orderMessages['order.expired']);
  }
  if (order.status !== OrderStatus.pending) throw refuse(orderMessages['order.statusNotAllowed']);
  const now = ctx.now();
  const expiresAt = new Date(
    Math.min(now.getTime() + ctx.config.paymentTtlMs, Date.parse(order.payment_deadline)),
  ).toISOString();
  const token = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('payments')
    .values({
      order_id: order.id,
      method,
      token_hash: hashToken(token),
      amount: order.payable_amount,
      status: PaymentStatus.pending,
      expires_at: expiresAt,
      created_at: now.toISOString(),
    })
    .execute();
  return {
    payUrl: checkoutPath(token),
    expiresAt,
    orderId: order.id,
    orderNo: order.order_no,
    amount: order.payable_amount,
  };
}

export type LinkState =
  | { state: 'valid'; payment: Selectable<PaymentTable>; order: Selectable<OrderTable> }
  | { state: 'paid'; orderId: number }
  | { state: 'orderPaid'; orderId: number }
  | { state: 'expired' };

/**
 * What a hosted-page token stands for now: payable, paid through this link, closed because the
 * order was paid through another link (`orderPaid`: the shopper has nothing left to pay, which
 * "expired" would deny), or expired/unknown. Pass the transaction as `db` to read it under the
 * order's lock.
 */
export async function linkState(
  ctx: AppContext,
  token: string,
  db: Kysely<Database> = ctx.db,
): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return { state: 'expired' };
  const payment = await db
    .selectFrom('payments')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!payment) return { state: 'expired' };
  if (payment.status === PaymentStatus.paid) return { state: 'paid', orderId: payment.order_id };
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', payment.order_id)
    .executeTakeFirst();
  if (!order) return { state: 'expired' };
  // money that reached a cancelled order is on its way back, so only a standing payment counts
  if (order.payment_status === PaymentStatus.paid && order.status !== OrderStatus.cancel)
    return { state: 'orderPaid', orderId: order.id };
  const now = ctx.now().toISOString();
  if (payment.status !== PaymentStatus.pending || payment.expires_at <= now) return { state: 'expired' };
  if (order.status !== OrderStatus.pending || order.payment_deadline <= now) return { state: 'expired' };
  return { state: 'valid', payment, order };
}

/** The shopper pressed Cancel on the hosted page: the link dies, the order stays pending. */
export async function cancelLink(ctx: AppContext, paymentId: number): Promise<void> {
  await ctx.db
    .updateTable('payments')
    .set({ status: PaymentStatus.cancel })
    .where('id', '=', paymentId)
    .where('status', '=', PaymentStatus.pending)
    .execute();
}

/**
 * Where the web app shows the payment result: a path, so the shopper comes back to the origin they paid
 * from, where their session cookie is (another name of the same shop would show the login page).
 */
export const payResultPath = (orderId: number) => `/order/pay-result?orderId=${orderId}`;

/** The web app's page of one of the shopper's orders. */
export const orderPath = (orderId: number) => `/user/center/orders/${orderId}`;
