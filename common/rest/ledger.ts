import type { MoneyFen } from './page.ts';

/** The shopper's ledger (bills). */

/** 0 out, 1 in. */
export type RestDirection = 0 | 1;

/** The records of GET /shop/account/bill/page */
export interface RestBillEntry {
  id: number;
  direction: RestDirection;
  amount: MoneyFen;
  type: string;
  orderId: number | null;
  orderNo: string;
  at: string;
}
