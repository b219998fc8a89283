import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { inTransaction, lockOrder } from '../../db/transaction.ts';
import type { Database } from '../../db/types.ts';
import { translate } from '../../i18n/index.ts';
import { bookLedgerEntry } from '../ledger/service.ts';
import { openRefund } from '../orders/refunds.ts';
import { Direction, OrderStatus, PaymentStatus } from '../orders/status.ts';
import { hashToken } from './links.ts';
import { paymentMessages as m } from './messages.ts';
import { verifySignature } from './signature.ts';

const eventSchema = z.object({
  eventId: z.string().min(1).max(100),
  type: z.string().min(1).max(60),
  orderId: z.number().int().positive(),
  paymentToken: z.string().max(200).optional(),
  amount: z.number().int().nonnegative(),
  paidAt: z.string().max(40),
});
export type PaymentEvent = z.output<typeof eventSchema>;

export type Outcome =
  | 'paid'
  | 'already-paid'
  | 'late-payment'
  | 'duplicate-payment'
  | 'duplicate-event'
  | 'ignored'
  | 'amount-mismatch'
  | 'unknown-order'
  | 'unknown-payment'
  | 'link-closed';

/**
 * Checked after the order is locked and before any money moves; returns a refusal outcome to
 * stop. The sandbox's Pay button uses it so a link is captured only while it is still payable.
 */
export type Precondition = (trx: Kysely<Database>) => Promise<Outcome | null>;

export interface NotifyResult {
  status: number;
  success: boolean;
  key: string;
  outcome?: Outcome;
  orderId?: number;
}

const REFUSED: Partial<Record<Outcome, { status: number; key: string }>> = {
  'amount-mismatch': { status: 400, key: m['payment.amountMismatch'] },
  'unknown-order': { status: 404, key: 'order.notFound' },
  'unknown-payment': { status: 404, key: m['payment.unknownPayment'] },
  'link-closed': { status: 409, key: m['payment.linkExpired'] },
};

/** Outcomes that change nothing and are not recorded, so a corrected redelivery is applied. */
const isRefused = (outcome: Outcome) => outcome in REFUSED;

/** Carries a refusal out of the transaction so that the event row is rolled back with it. */
class Refused extends Error {
  constructor(readonly outcome: Outcome) {
    super(outcome);
  }
}

/**
 * The lpay notification handler: checks the signature over the exact raw body (constant time,
 * 300 s tolerance), then processes the event once per event id. Bad input changes nothing.
 */
export async function handleNotification(
  ctx: AppContext,
  rawBody: Buffer | string | undefined,
  signature: string | undefined,
  precondition?: Precondition,
): Promise<NotifyResult> {
  const check = verifySignature(ctx.secrets.lpay, signature, rawBody, ctx.now());
  if (check === 'malformed') return { status: 400, success: false, key: m['payment.signatureInvalid'] };
  if (check === 'invalid') return { status: 401, success: false, key: m['payment.signatureInvalid'] };
  if (check === 'stale') return { status: 401, success: false, key: m['payment.signatureStale'] };
  let event: PaymentEvent;
  try {
    event = eventSchema.parse(JSON.parse(String(rawBody)));
  } catch {
    return { status: 400, success: false, key: m['payment.malformedEvent'] };
  }
  const outcome = await processEvent(ctx, event, String(rawBody), precondition);
  const refused = REFUSED[outcome];
  if (refused) return { ...refused, success: false, outcome, orderId: event.orderId };
  const key = outcome === 'duplicate-event' ? m['payment.duplicate'] : m['payment.processed'];
  return { status: 200, success: true, key, outcome, orderId: event.orderId };
}

/**
 * One transaction: the order row is locked first (the one lock order of orders and payments,
 * see `lockOrder`), then the event row is inserted (its id is the primary key, so a replay
 * inserts nothing and stops here), then the payment, order, refund and ledger changes. A
 * refused event (amount mismatch, unknown order or payment, closed link) is rolled back with
 * everything else: only applied events are recorded as processed.
 */
export async function processEvent(
  ctx: AppContext,
  event: PaymentEvent,
  payload: string,
  precondition?: Precondition,
): Promise<Outcome> {
  const at = ctx.now().toISOString();
  try {
    return await inTransaction(ctx.db, async (trx) => {
      await lockOrder(trx, ctx.dialect, event.orderId);
      const claimed = await trx
        .insertInto('payment_events')
        .values({
          event_id: event.eventId,
          order_id: event.orderId,
          type: event.type,
          payload,
          outcome: 'processing',
          received_at: at,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return 'duplicate-event';
      const refusal = precondition ? await precondition(trx) : null;
      if (refusal) throw new Refused(refusal);
      const outcome = await applyPayment(trx, event, at);
      if (isRefused(outcome)) throw new Refused(outcome);
      await trx
        .updateTable('payment_events')
        .set({ outcome })
        .where('event_id', '=', event.eventId)
        .execute();
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

async function applyPayment(trx: Kysely<Database>, event: PaymentEvent, at: string): Promise<Outcome> {
  if (event.type !== 'payment.succeeded') return 'ignored';
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', event.orderId).executeTakeFirst();
  if (!order) return 'unknown-order';
  let payment: { id: number; amount: number; status: number } | undefined;
  if (event.paymentToken) {
    payment = await trx
      .selectFrom('payments')
      .select(['id', 'amount', 'status'])
      .where('token_hash', '=', hashToken(event.paymentToken))
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (!payment) return 'unknown-payment';
  }
  if (event.amount !== (payment?.amount ?? order.payable_amount)) return 'amount-mismatch';
  const paidAt = at;

  // The same payment reported again under another event id moves nothing.
  if (payment) {
    const marked = await trx
      .updateTable('payments')
      .set({ status: PaymentStatus.paid, paid_at: paidAt })
      .where('id', '=', payment.id)
      .where('status', 'in', [PaymentStatus.pending, PaymentStatus.cancel])
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return 'already-paid';
  }
  const source = payment ? `payment:${payment.id}` : `order-payment:${order.id}`;
  const expense = {
    userId: order.user_id,
    direction: Direction.expense,
    amount: event.amount,
    type: 'order-payment' as const,
    orderId: order.id,
    orderNo: order.order_no,
    source,
    at,
  };

  // Money for an order that is still pending is accepted even just past its deadline (the stock
  // is still reserved); once the order is cancelled, the payment goes to refund review below.
  const paid = await trx
    .updateTable('orders')
    .set({
      status: OrderStatus.paid,
      payment_status: PaymentStatus.paid,
      paid_amount: event.amount,
      paid_at: paidAt,
      updated_at: at,
    })
    .where('id', '=', order.id)
    .where('status', '=', OrderStatus.pending)
    .executeTakeFirst();
  if (Number(paid.numUpdatedRows) === 1) {
    // The order is paid: its other open links die with it, so nobody can pay it a second time.
    await trx
      .updateTable('payments')
      .set({ status: PaymentStatus.cancel })
      .where('order_id', '=', order.id)
      .where('status', '=', PaymentStatus.pending)
      .execute();
    await bookLedgerEntry(trx, expense);
    return 'paid';
  }

  // The order is no longer pending: the money is real, so it is recorded and sent to review.
  const current = await trx
    .selectFrom('orders')
    .select(['status', 'payment_status'])
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  if (
    !payment &&
    current.payment_status !== PaymentStatus.cancel &&
    current.payment_status !== PaymentStatus.pending
  ) {
    return 'already-paid';
  }
  let origin: 'late-payment' | 'duplicate-payment' = 'duplicate-payment';
  if (current.status === OrderStatus.cancel) {
    const marked = await trx
      .updateTable('orders')
      .set({ payment_status: PaymentStatus.paid, paid_amount: event.amount, paid_at: paidAt, updated_at: at })
      .where('id', '=', order.id)
      .where('status', '=', OrderStatus.cancel)
      .where('payment_status', 'in', [PaymentStatus.pending, PaymentStatus.cancel])
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 1) origin = 'late-payment';
  }
  await bookLedgerEntry(trx, expense);
  await openRefund(
    trx,
    {
      order_id: order.id,
      user_id: order.user_id,
      reason: translate(
        m[origin === 'late-payment' ? 'payment.lateReason' : 'payment.duplicateReason'],
        'zh-CN',
      ),
      amount: event.amount,
      origin,
      payment_id: payment?.id ?? null,
      created_at: at,
    },
    origin,
  );
  return origin;
}
