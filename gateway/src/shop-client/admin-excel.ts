import type {
  RestExcelDownload,
  RestImportReport,
  RestOrderStatus,
  RestProductShelf,
} from '@shop/common/rest/index.ts';
import type { Caller } from './caller.ts';

/** The back office's excel files (403 without `product:import`, `product:export` or `order:export`). */
export interface AdminExcelClient {
  importProducts(fullfilename: string, dryRun: boolean): Promise<RestImportReport>;
  productExport(shelf: RestProductShelf | undefined): Promise<RestExcelDownload>;
  orderExport(query: { from?: string; to?: string; status?: RestOrderStatus }): Promise<RestExcelDownload>;
}

export class RestAdminExcelClient implements AdminExcelClient {
  constructor(private readonly upstream: Caller) {}

  importProducts(fullfilename: string, dryRun: boolean) {
    return this.upstream.call<RestImportReport>({
      method: 'POST',
      path: '/admin/product/import',
      body: { fullfilename, dryRun },
      auth: true,
    });
  }

  productExport(shelf: RestProductShelf | undefined) {
    return this.upstream.call<RestExcelDownload>({
      method: 'POST',
      path: '/admin/product/export-link',
      body: shelf === undefined ? {} : { shelf },
      auth: true,
    });
  }

  orderExport(query: { from?: string; to?: string; status?: RestOrderStatus }) {
    return this.upstream.call<RestExcelDownload>({
      method: 'POST',
      path: '/admin/order/export-link',
      body: query,
      auth: true,
    });
  }
}
