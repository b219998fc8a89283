/** The back office's excel import and exports. */

/** One problem of an imported sheet: where (sheet row number, column letter and title) and why. */
export interface RestImportRowProblem {
  row: number;
  column: string;
  columnTitle: string;
  field: string;
  message: string;
}

/** POST /admin/product/import */
export interface RestImportReport {
  dryRun: boolean;
  total: number;
  valid: number;
  imported: number;
  productIds: number[];
  problems: RestImportRowProblem[];
}

/** POST /admin/product/export-link, POST /admin/order/export-link */
export interface RestExcelDownload {
  url: string;
  filename: string;
}
