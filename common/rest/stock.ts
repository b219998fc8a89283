/** The back office's stock adjustments and each product's stock ledger. */

/** The reasons the back office may adjust stock for. */
export type RestAdjustmentReason = 'restock' | 'correction' | 'damage';

/** restock | correction | damage are adjustments; sale | cancel | refund are what orders did. */
export type RestStockReason = 'restock' | 'correction' | 'damage' | 'sale' | 'cancel' | 'refund';

/** One row of GET /admin/product/:id/stock-ledger (newest first). */
export interface RestStockLedgerEntry {
  id: number;
  productId: number;
  /** Signed change in units. */
  delta: number;
  reason: RestStockReason;
  note: string;
  /** Who adjusted; null for an order's own change. */
  actor: { id: number; account: string } | null;
  /** The order of a sale, cancellation or refund. */
  order: { id: number; orderNo: string } | null;
  /** The product's stock right after this change. */
  stockAfter: number;
  at: string;
}

/** POST /admin/product/:id/stock */
export interface RestStockAdjustment {
  productId: number;
  stock: number;
  /** The product's version after the adjustment (every adjustment bumps it). */
  version: number;
  entry: RestStockLedgerEntry;
}
