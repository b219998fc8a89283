import { orderStatuses, paymentStatuses, reviewStatuses } from '@shop/common/statuses.ts';

/**
 * Order and payment states (docs/product.md, "States"; their codes and labels are common/statuses.ts)
 * and the one table of allowed order transitions.
 *
 *   from \ to     0 pending  1 paid   2 shipped  3 complete  4 cancel
 *   0 pending        -       notify      ×          ×       cancel / expiry
 *   1 paid           ×         -        ship        ×       refund approved (goods never left)
 *   2 shipped        ×         ×         -       receive        ×
 *   3 complete       ×         ×         ×          -           ×
 *   4 cancel         ×         ×         ×          ×           -
 *
 * A refund approved for a shipped (2) or complete (3) order leaves the order status as it is and
 * moves only the payment status to refund (3). Every move is a compare-and-set on `status`.
 */
export const OrderStatus = {
  pending: orderStatuses.PENDING.code,
  paid: orderStatuses.PAID.code,
  shipped: orderStatuses.RECEIVED.code,
  complete: orderStatuses.COMPLETE.code,
  cancel: orderStatuses.CANCEL.code,
} as const;
export const PaymentStatus = {
  pending: paymentStatuses.PENDING.code,
  paid: paymentStatuses.PAID.code,
  cancel: paymentStatuses.CANCEL.code,
  refund: paymentStatuses.REFUND.code,
} as const;
export const ReviewStatus = {
  pending: reviewStatuses.PENDING.code,
  passed: reviewStatuses.PASSED.code,
  rejected: reviewStatuses.REJECTED.code,
} as const;
export const Direction = { expense: 0, income: 1 } as const;

export type OrderAction = 'pay' | 'cancel' | 'ship' | 'receive' | 'refundApproved';

/** action → [from, to] */
export const TRANSITIONS: Record<OrderAction, readonly [number, number]> = {
  pay: [OrderStatus.pending, OrderStatus.paid],
  cancel: [OrderStatus.pending, OrderStatus.cancel],
  ship: [OrderStatus.paid, OrderStatus.shipped],
  receive: [OrderStatus.shipped, OrderStatus.complete],
  refundApproved: [OrderStatus.paid, OrderStatus.cancel],
};

/** Statuses from which a shopper may apply for a refund (while the payment stands). */
export const REFUNDABLE_STATUSES: readonly number[] = [
  OrderStatus.paid,
  OrderStatus.shipped,
  OrderStatus.complete,
];

export const PAYMENT_METHODS = ['lpay', 'stripe', 'wkpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ENABLED_PAYMENT_METHODS: readonly PaymentMethod[] = ['lpay'];

export const paymentMethodOptions = () =>
  PAYMENT_METHODS.map((code) => ({ code, enabled: ENABLED_PAYMENT_METHODS.includes(code) }));
