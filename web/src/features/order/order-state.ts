import type { OrderCard_OrderFragment } from '../../__generated__/graphql.ts';

type OrderState = Pick<OrderCard_OrderFragment, 'status' | 'paymentStatus' | 'refund'>;

/** True once money came in: the card and the detail show 实付款 only then (else 应付款). */
export const isPaid = (order: Pick<OrderCard_OrderFragment, 'paymentStatus'>) =>
  order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUND';

/**
 * The refund state a card and the detail show, as a message key, or null without a refund.
 * A refunded payment wins over the review status (late payments are refunded without review).
 */
export function refundStateKey(order: OrderState): string | null {
  if (order.paymentStatus === 'REFUND') return 'order.refunded';
  return order.refund ? `order.refund.${order.refund.reviewStatus}` : null;
}
