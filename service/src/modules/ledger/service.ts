import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Direction } from '../orders/status.ts';

export interface LedgerEntry {
  userId: number;
  /** 0 expense (money left the shopper: a payment), 1 income (money came back: a refund). */
  direction: (typeof Direction)[keyof typeof Direction];
  amount: number;
  /** expensesType / incomeType dictionary value: 'order-payment' or 'refund'. */
  type: 'order-payment' | 'refund';
  orderId: number;
  orderNo: string;
  /** The cause ('payment:<id>', 'refund:<id>'); a cause is booked once, replays add nothing. */
  source: string;
  at: string;
}

/** Books one entry inside the caller's transaction; returns false when the cause was already booked. */
export async function bookLedgerEntry(db: Kysely<Database>, entry: LedgerEntry): Promise<boolean> {
  if (entry.amount <= 0) return false;
  const result = await db
    .insertInto('ledger_entries')
    .values({
      user_id: entry.userId,
      direction: entry.direction,
      amount: entry.amount,
      type: entry.type,
      order_id: entry.orderId,
      order_no: entry.orderNo,
      source: entry.source,
      at: entry.at,
    })
    .onConflict((oc) => oc.column('source').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
