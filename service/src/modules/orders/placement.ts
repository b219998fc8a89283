import { randomInt } from 'node:crypto';
import { shopStamp } from '@shop/common/format.ts';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest, refuse } from '../../http/envelope.ts';
import { common } from '../../i18n/common.ts';
import type { Locale } from '../../i18n/index.ts';
import { lockUser } from '../cart/user-lock.ts';
import { cityAreas } from '../reference/area-names.ts';
import { recordStockChanges, type StockChange } from '../stock/ledger.ts';
import { isUniqueViolation } from './db-errors.ts';
import { knownRequestOrder } from './idempotency.ts';
import { assertAvailable, type LineSource, resolveLines, totals } from './lines.ts';
import { orderMessages as m } from './messages.ts';
import { ENABLED_PAYMENT_METHODS, OrderStatus, PAYMENT_METHODS, PaymentStatus } from './status.ts';

export interface PlaceOrderInput {
  source: LineSource;
  addressId?: number | null;
  paymentMethod?: string | null;
  requestId: string;
  /** `requestFingerprint` of the body: the request id is bound to it. */
  requestHash: string;
}

/** Human-readable, unique order number: the shop-time date and time plus six random digits. */
export function newOrderNo(now: Date, zone: string): string {
  // The shop's wall clock (SHOP_TIME_ZONE), as every screen shows the order's time.
  return `${shopStamp(now, zone)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Checks what can be checked before touching stock; refusals use the texts of docs/product.md ("Validation"). */
async function checkInput(ctx: AppContext, userId: number, input: PlaceOrderInput) {
  if (!input.addressId) throw refuse(m['order.selectAddress']);
  const method = input.paymentMethod?.trim();
  if (!method) throw refuse(m['order.selectPaymentMethod']);
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw badRequest(common['validation.invalid'], { field: 'field.paymentMethod' });
  }
  if (!(ENABLED_PAYMENT_METHODS as readonly string[]).includes(method)) {
    throw refuse(m['order.paymentMethodUnavailable']);
  }
  const address = await ctx.db
    .selectFrom('addresses')
    .select(['recipient', 'phone', 'city', 'city_code', 'detail'])
    .where('id', '=', input.addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!address) throw refuse(m['order.selectAddress']);
  // The order keeps the city's names in both languages as they are when it is placed: a renamed or merged
  // area in the list later does not change where an order was sent.
  const area =
    address.city_code === null
      ? undefined
      : (await cityAreas(ctx.db, [address.city_code])).get(address.city_code);
  const city = area
    ? { city: area.zh, city_code: area.code, city_en: area.en }
    : { city: address.city, city_code: null, city_en: null };
  return { method, address, city };
}

/**
 * Places an order in one transaction: the shopper's cart lock first (two tabs place one after
 * the other), the order row (it claims the request id), then a compare-and-set stock
 * reservation per line, the item snapshots and removal of exactly the ordered cart lines. Any
 * refusal rolls everything back. A known requestId is answered with its order before anything
 * is checked (a retry after the address was deleted still gets the first order).
 */
export async function placeOrder(
  ctx: AppContext,
  userId: number,
  input: PlaceOrderInput,
  locale: Locale,
): Promise<{ orderId: number; created: boolean }> {
  const known = () => knownRequestOrder(ctx.db, userId, input.requestId, input.requestHash);
  const existing = await known();
  if (existing !== null) return { orderId: existing, created: false };
  const { method, address, city } = await checkInput(ctx, userId, input);

  for (let attempt = 0; ; attempt += 1) {
    try {
      return await inTransaction(ctx.db, async (trx) => {
        await lockUser(trx, ctx.dialect, userId);
        const lines = await resolveLines(trx, userId, input.source);
        assertAvailable(lines, locale);
        const now = ctx.now();
        const at = now.toISOString();
        const sums = totals(lines);
        const inserted = await trx
          .insertInto('orders')
          .values({
            order_no: newOrderNo(now, ctx.config.shopTimeZone),
            user_id: userId,
            status: OrderStatus.pending,
            payment_status: PaymentStatus.pending,
            payment_method: method,
            request_id: input.requestId,
            request_hash: input.requestHash,
            total_quantity: sums.totalQuantity,
            product_amount: sums.productAmount,
            shipping_fee: sums.shippingFee,
            payable_amount: sums.payableAmount,
            paid_amount: 0,
            recipient: address.recipient,
            phone: address.phone,
            ...city,
            address_detail: address.detail,
            payment_deadline: new Date(now.getTime() + ctx.config.orderPaymentDeadlineMs).toISOString(),
            created_at: at,
            updated_at: at,
          })
          .onConflict((oc) => oc.columns(['user_id', 'request_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          // A parallel request with the same requestId committed first: answer with its order.
          const id = await knownRequestOrder(trx, userId, input.requestId, input.requestHash);
          if (id === null) throw new Error('order request conflict without an order');
          return { orderId: id, created: false };
        }
        const sold: StockChange[] = [];
        for (const line of lines) {
          const reserved = await trx
            .updateTable('products')
            .set({ stock: sql`stock - ${line.quantity}`, sales: sql`sales + ${line.quantity}` })
            .where('id', '=', line.productId)
            .where('stock', '>=', line.quantity)
            .where('on_shelf', '=', 1)
            .returning('stock')
            .executeTakeFirst();
          if (!reserved) assertAvailable([{ ...line, stock: 0 }], locale);
          else {
            const { productId, quantity } = line;
            sold.push({ productId, delta: -quantity, reason: 'sale', stockAfter: reserved.stock, at });
          }
        }
        await recordStockChanges(
          trx,
          sold.map((change) => ({ ...change, orderId: inserted.id })),
        );
        await trx
          .insertInto('order_items')
          .values(
            lines.map((line) => ({
              order_id: inserted.id,
              product_id: line.productId,
              name: line.name,
              name_en: line.nameEn,
              image: line.image,
              unit_price: line.unitPrice,
              quantity: line.quantity,
              amount: line.unitPrice * line.quantity,
            })),
          )
          .execute();
        const cartLineIds = lines.flatMap((line) => (line.cartLineId === null ? [] : [line.cartLineId]));
        if (cartLineIds.length) {
          const removed = await trx
            .deleteFrom('cart_lines')
            .where('user_id', '=', userId)
            .where('id', 'in', cartLineIds)
            .executeTakeFirst();
          // Another placement took some of these lines meanwhile: this one orders nothing.
          if (Number(removed.numDeletedRows) !== cartLineIds.length) throw refuse(m['order.itemsMissing']);
        }
        return { orderId: inserted.id, created: true };
      });
    } catch (error) {
      // The same request may have won the race while this one was refused (its cart lines are
      // gone, the last unit is taken): that request's order is the answer.
      if (error instanceof ApiError || isUniqueViolation(error)) {
        const id = await known();
        if (id !== null) return { orderId: id, created: false };
      }
      // An order number collision (one in a million per second) is simply retried.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}
