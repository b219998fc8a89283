import { provinceCodeOf } from '@shop/common/areas.ts';
import type {
  RestOrder,
  RestOrderStatus,
  RestPaymentMethod,
  RestPaymentStatus,
  RestRefund,
  RestReviewStatus,
} from '@shop/common/rest/index.ts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrderTable, RefundTable } from '../../db/types.ts';
import { imageUrlIn } from '../../i18n/image-language.ts';
import type { Locale } from '../../i18n/index.ts';
import { localName } from './lines.ts';
import { courierNames, shipmentOf } from './shipment.ts';
import { OrderStatus, PaymentStatus, REFUNDABLE_STATUSES, ReviewStatus } from './status.ts';

export type OrderRow = Selectable<OrderTable>;
type RefundRow = Selectable<RefundTable>;

/** The order's city in the reader's language: the English name kept at placing, else the city as kept. */
export const orderCity = (order: Pick<OrderRow, 'city' | 'city_en'>, locale: Locale): string =>
  locale === 'en-GB' && order.city_en !== null ? order.city_en : order.city;

/** A refund as the shopper's routes answer it (common/rest/ RestRefund). */
export interface RefundView extends RestRefund {
  amount: number;
}

export const refundView = (row: RefundRow): RefundView => ({
  id: row.id,
  orderId: row.order_id,
  reason: row.reason,
  amount: row.amount,
  reviewStatus: row.review_status as RestReviewStatus, // the column holds 1, 2 or 3 (ReviewStatus)
  remark: row.remark,
  origin: row.origin,
  createdAt: row.created_at,
  reviewedAt: row.reviewed_at,
});

/**
 * What may be done with the order now: the shopper's buttons of "My order" and the back office's
 * ship button (the server's button list still says who sees which).
 */
export function allowedActions(order: OrderRow, refund: RefundView | null, now: Date) {
  const refundOpen = refund?.reviewStatus === ReviewStatus.pending;
  return {
    // shipOrder's compare-and-set: paid, no refund application under review.
    canShip: order.status === OrderStatus.paid && !refundOpen,
    canPay: order.status === OrderStatus.pending && order.payment_deadline > now.toISOString(),
    canCancel: order.status === OrderStatus.pending,
    canReceive: order.status === OrderStatus.shipped,
    canRefund:
      REFUNDABLE_STATUSES.includes(order.status) &&
      order.payment_status === PaymentStatus.paid &&
      !refundOpen,
  };
}

/** The order as REST answers it: items, amounts, payment, address snapshot, shipment, refund, actions. */
export async function orderViews(
  db: Kysely<Database>,
  orders: OrderRow[],
  locale: Locale,
  now: Date,
): Promise<RestOrder[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const couriers = orders.flatMap((order) => (order.courier_code === null ? [] : [order.courier_code]));
  const [items, refunds, names] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('refunds').selectAll().where('order_id', 'in', ids).orderBy('id', 'desc').execute(),
    courierNames(db, couriers, locale),
  ]);
  return orders.map((order) => {
    const latest = refunds.find((refund) => refund.order_id === order.id);
    const refund = latest ? refundView(latest) : null;
    return {
      id: order.id,
      orderNo: order.order_no,
      // The columns hold the values of status.ts (checked when written).
      status: order.status as RestOrderStatus,
      paymentStatus: order.payment_status as RestPaymentStatus,
      paymentMethod: order.payment_method as RestPaymentMethod | '',
      totalQuantity: order.total_quantity,
      productAmount: order.product_amount,
      shippingFee: order.shipping_fee,
      payableAmount: order.payable_amount,
      paidAmount: order.paid_amount,
      items: items
        .filter((item) => item.order_id === order.id)
        .map((item) => ({
          id: item.id,
          productId: item.product_id,
          name: localName({ name: item.name, nameEn: item.name_en }, locale),
          image: imageUrlIn(item.image, locale),
          unitPrice: item.unit_price,
          quantity: item.quantity,
          amount: item.amount,
        })),
      address: {
        recipient: order.recipient,
        phone: order.phone,
        city: orderCity(order, locale),
        cityCode: order.city_code,
        provinceCode: order.city_code === null ? null : provinceCodeOf(order.city_code),
        detail: order.address_detail,
      },
      payment: { method: order.payment_method, status: order.payment_status, paidAt: order.paid_at },
      refund,
      paymentDeadline: order.payment_deadline,
      createdAt: order.created_at,
      updatedAt: order.updated_at,
      paidAt: order.paid_at,
      shippedAt: order.shipped_at,
      shipment: shipmentOf(order, names),
      receivedAt: order.received_at,
      cancelledAt: order.cancelled_at,
      cancelReason: order.cancel_reason,
      actions: allowedActions(order, refund, now),
    };
  });
}

export type OrderView = Awaited<ReturnType<typeof orderViews>>[number];
