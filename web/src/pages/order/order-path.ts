import type { AfterSalesStepView } from '../../features/order/AfterSalesSteps.tsx';

export type PathStepKind =
  | 'placed'
  | 'paid'
  | 'shipped'
  | 'received'
  | 'cancelled'
  | 'refunded'
  | `refund.${AfterSalesStepView['reviewStatus']}`;

export interface PathStep {
  kind: PathStepKind;
  /** When it happened; null for a step still ahead. */
  at: string | null;
  done: boolean;
}

export interface PathOrder {
  status: 'PENDING' | 'PAID' | 'RECEIVED' | 'COMPLETE' | 'CANCEL';
  paymentStatus: 'PENDING' | 'PAID' | 'CANCEL' | 'REFUND';
  createdAt: string;
  paidAt?: string | null;
  shippedAt?: string | null;
  receivedAt?: string | null;
  cancelledAt?: string | null;
  refund?: { reviewedAt?: string | null } | null;
}

/** The steps of the ordinary way still ahead of an order in each status. */
const AHEAD: Record<PathOrder['status'], PathStepKind[]> = {
  PENDING: ['paid', 'shipped', 'received'],
  PAID: ['shipped', 'received'],
  RECEIVED: ['received'],
  COMPLETE: [],
  CANCEL: [],
};

/**
 * The way an order actually went: each thing that happened to it (placed, paid, shipped,
 * received, cancelled, every step of its refunds) in the order it happened, so a refund of an
 * order that never left reads 已下单 → 已付款 → 申请退款 → 退款已通过 → 已取消. Only while the
 * order is still on its ordinary way (no refund under review, its money not given back) are the
 * steps it still has ahead added, undone, after what happened.
 */
export function orderPath(order: PathOrder, afterSales: readonly AfterSalesStepView[]): PathStep[] {
  // Rank breaks ties of equal times: an approval that cancels the order is written with the same
  // time as the cancellation, and the refund step comes first.
  const happened: Array<PathStep & { at: string; rank: number }> = [];
  const add = (kind: PathStepKind, at: string | null | undefined, rank: number) => {
    if (at) happened.push({ kind, at, done: true, rank });
  };
  add('placed', order.createdAt, 0);
  add('paid', order.paidAt, 1);
  add('shipped', order.shippedAt, 2);
  add('received', order.receivedAt, 3);
  for (const step of afterSales) add(`refund.${step.reviewStatus}`, step.at, 4);
  add('cancelled', order.status === 'CANCEL' ? order.cancelledAt : null, 5);
  const refundPassed = afterSales.some((step) => step.reviewStatus === 'PASSED');
  // A payment given back without an application (money that came after the order was cancelled).
  if (order.paymentStatus === 'REFUND' && !refundPassed) {
    add('refunded', order.refund?.reviewedAt ?? order.cancelledAt ?? order.paidAt, 6);
  }
  happened.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.rank - b.rank));
  const steps: PathStep[] = happened.map(({ kind, at, done }) => ({ kind, at, done }));

  const last = afterSales.at(-1);
  const onItsWay = last?.reviewStatus !== 'PENDING' && order.paymentStatus !== 'REFUND';
  if (onItsWay) {
    for (const kind of AHEAD[order.status]) {
      if (!steps.some((step) => step.kind === kind)) steps.push({ kind, at: null, done: false });
    }
  }
  return steps;
}
