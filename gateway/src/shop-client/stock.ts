import type {
  RestPage,
  RestPageQuery,
  RestStockAdjustment,
  RestStockLedgerEntry,
} from '@shop/common/rest/index.ts';
import type { AdjustmentReasonCode } from '@shop/common/validation/stock.ts';
import { type Caller, segment } from './caller.ts';

/** Stock adjustments and the stock ledger (the service answers 403 without `stock:adjust`). */
export interface StockClient {
  adjust(
    productId: string,
    input: { delta: number; reason: AdjustmentReasonCode; note?: string },
  ): Promise<RestStockAdjustment>;
  ledger(productId: string, page: RestPageQuery): Promise<RestPage<RestStockLedgerEntry>>;
}

export class RestStockClient implements StockClient {
  constructor(private readonly upstream: Caller) {}

  adjust(productId: string, input: { delta: number; reason: AdjustmentReasonCode; note?: string }) {
    return this.upstream.call<RestStockAdjustment>({
      method: 'POST',
      path: `/admin/product/${segment(productId)}/stock`,
      body: input,
      auth: true,
    });
  }

  ledger(productId: string, page: RestPageQuery) {
    return this.upstream.call<RestPage<RestStockLedgerEntry>>({
      method: 'GET',
      path: `/admin/product/${segment(productId)}/stock-ledger`,
      query: { ...page },
      auth: true,
    });
  }
}
