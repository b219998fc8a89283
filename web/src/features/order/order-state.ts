import type { OrderCard_OrderFragment, ReviewStatus } from '../../__generated__/graphql.ts';

type OrderState = Pick<OrderCard_OrderFragment, 'status' | 'paymentStatus' | 'refund'>;

/** True once money came in: the card and the detail show 实付款 only then (else 应付款). */
export const isPaid = (order: Pick<OrderCard_OrderFragment, 'paymentStatus'>) =>
  order.paymentStatus === 'PAID' || order.paymentStatus === 'REFUND';

/**
 * What a card and the detail call the order's amount, as a message key suffix: 实付款 once money
 * came in, 应付款 while it is awaited, and only the order total (nothing due) once an unpaid
 * order was cancelled.
 */
export function amountKind(
  order: Pick<OrderCard_OrderFragment, 'status' | 'paymentStatus'>,
): 'paid' | 'payable' | 'total' {
  if (isPaid(order)) return 'paid';
  return order.status === 'CANCEL' ? 'total' : 'payable';
}

/**
 * The refund state a card and the detail show, as a message key, or null without a refund.
 * A refunded payment wins over the review status (late payments are refunded without review).
 */
export function refundStateKey(order: OrderState): 'order.refunded' | `order.refund.${ReviewStatus}` | null {
  if (order.paymentStatus === 'REFUND') return 'order.refunded';
  return order.refund ? `order.refund.${order.refund.reviewStatus}` : null;
}
