import type { RestOrderStatus, RestPaymentStatus } from './orders.ts';
import type { MoneyFen } from './page.ts';

/** Payments: starting one (pay link) and the result page. */

/** POST /shop/pay/:orderId */
export interface RestPayStart {
  /** The hosted page's path on the shop's site (`/service/pay/lpay/checkout/…`), `?return=` added when asked. */
  payUrl: string;
  expiresAt: string;
  amount: MoneyFen;
  orderId: number;
  orderNo: string;
}

/** GET /shop/pay/result/:orderId */
export interface RestPaymentResult {
  orderId: number;
  orderNo: string;
  payableAmount: MoneyFen;
  orderStatus: RestOrderStatus;
  paymentStatus: RestPaymentStatus;
  paidAmount: MoneyFen;
  paidAt: string | null;
}
