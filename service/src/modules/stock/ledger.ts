import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** What the back office may adjust stock for (the shared form's reasons). */
export type AdjustmentReason = 'restock' | 'correction' | 'damage';
/** What an order does to stock: a sale reserves it, a cancellation or an approved refund puts it back. */
export type OrderStockReason = 'sale' | 'cancel' | 'refund';
export type StockReason = AdjustmentReason | OrderStockReason;

export interface StockChange {
  productId: number;
  delta: number;
  reason: StockReason;
  /** The product's stock right after the change, as the UPDATE … RETURNING answered it. */
  stockAfter: number;
  at: string;
  note?: string;
  actorId?: number | null;
  orderId?: number | null;
}

/**
 * Writes ledger rows inside the caller's transaction, the one that changed the stock: the row and
 * the change commit together or not at all. Answers the new rows' ids.
 */
export async function recordStockChanges(
  trx: Kysely<Database>,
  changes: readonly StockChange[],
): Promise<number[]> {
  if (!changes.length) return [];
  const rows = await trx
    .insertInto('stock_ledger')
    .values(
      changes.map((change) => ({
        product_id: change.productId,
        delta: change.delta,
        reason: change.reason,
        note: change.note ?? '',
        actor_id: change.actorId ?? null,
        order_id: change.orderId ?? null,
        stock_after: change.stockAfter,
        at: change.at,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
