import type {
  RestPage,
  RestStockAdjustment,
  RestStockLedgerEntry,
  RestStockReason,
} from '@shop/common/rest/index.ts';
import type { AdjustmentReasonCode } from '@shop/common/validation/stock.ts';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import { paginateRows } from '../../http/paging.ts';
import type { PageQuery } from '../../http/validate.ts';
import { type ProductActor, recordProductChange } from '../product-admin/history.ts';
import { recordStockChanges } from './ledger.ts';
import { stockMessages as m } from './messages.ts';

export interface StockAdjustmentInput {
  delta: number;
  reason: AdjustmentReasonCode;
  note?: string;
}

/**
 * Adjusts a product's stock by a signed delta in one transaction: a single compare-and-set UPDATE
 * that never takes stock below zero (concurrent orders may have taken units since the dialog was
 * opened, so the check is on the row as it is now, not on what the merchant saw), the ledger row,
 * and the product history entry for the version it bumps. It does not ask for the product's
 * version: a restock must not be refused because an order sold a unit meanwhile.
 */
export async function adjustStock(
  ctx: AppContext,
  actor: ProductActor,
  productId: number,
  input: StockAdjustmentInput,
): Promise<RestStockAdjustment> {
  const at = ctx.now().toISOString();
  const done = await inTransaction(ctx.db, async (trx) => {
    const changed = await trx
      .updateTable('products')
      .set({ stock: sql`stock + ${input.delta}`, version: sql`version + 1`, updated_at: at })
      .where('id', '=', productId)
      .where(sql<boolean>`stock + ${input.delta} >= 0`)
      .returning(['stock', 'version'])
      .executeTakeFirst();
    if (!changed) {
      const current = await trx
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirst();
      if (!current) throw notFound(m['stock.productNotFound']);
      throw refuse(m['stock.notEnough'], { stock: current.stock, count: -input.delta });
    }
    const [entryId] = await recordStockChanges(trx, [
      {
        productId,
        delta: input.delta,
        reason: input.reason,
        note: input.note ?? '',
        actorId: actor.id,
        stockAfter: changed.stock,
        at,
      },
    ]);
    await recordProductChange(trx, {
      productId,
      version: changed.version,
      kind: 'stock',
      actor,
      at,
      changes: [{ field: 'stock', before: changed.stock - input.delta, after: changed.stock }],
    });
    return { entryId, stock: changed.stock, version: changed.version };
  });
  const page = await stockLedgerPage(ctx, productId, { pageNum: 1, pageSize: 1 }, done.entryId);
  return { productId, stock: done.stock, version: done.version, entry: page.records[0] };
}

/** A product's stock ledger, newest first (404 when there is no such product). */
export async function stockLedgerPage(
  ctx: AppContext,
  productId: number,
  query: PageQuery,
  entryId?: number,
): Promise<RestPage<RestStockLedgerEntry>> {
  if (entryId === undefined) {
    const exists = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!exists) throw notFound(m['stock.productNotFound']);
  }
  let base = ctx.db
    .selectFrom('stock_ledger')
    .leftJoin('users', 'users.id', 'stock_ledger.actor_id')
    .leftJoin('orders', 'orders.id', 'stock_ledger.order_id')
    .where('stock_ledger.product_id', '=', productId);
  if (entryId !== undefined) base = base.where('stock_ledger.id', '=', entryId);
  return paginateRows(
    base,
    query,
    (q) =>
      q
        .selectAll('stock_ledger')
        .select(['users.username as actor_account', 'orders.order_no as order_no'])
        .orderBy('stock_ledger.id', 'desc'),
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        productId: row.product_id,
        delta: row.delta,
        // The column holds the reasons of the migration's check constraint.
        reason: row.reason as RestStockReason,
        note: row.note,
        actor: row.actor_id === null ? null : { id: row.actor_id, account: row.actor_account ?? '' },
        order: row.order_id === null ? null : { id: row.order_id, orderNo: row.order_no ?? '' },
        stockAfter: row.stock_after,
        at: row.at,
      })),
  );
}
