import type { RestAfterSalesStep, RestOrder, RestPaymentStatus, RestRefund } from './orders.ts';
import type { MoneyFen } from './page.ts';
import type { RestPaymentMethod } from './reference.ts';

/** The back office: order detail with buyer, payment attempts and refunds. */

export interface RestOrderBuyer {
  id: number;
  account: string;
  name: string;
  phone: string;
}

export interface RestPaymentAttempt {
  id: number;
  method: RestPaymentMethod;
  amount: MoneyFen;
  status: RestPaymentStatus;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

/** GET /admin/order/:id */
export interface RestAdminOrderDetail {
  order: RestOrder;
  buyer: RestOrderBuyer;
  payments: RestPaymentAttempt[];
  refunds: RestRefund[];
  refundSteps: RestAfterSalesStep[];
}
