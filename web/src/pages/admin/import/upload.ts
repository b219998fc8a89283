import { megabytes, uploadFile } from '../../../lib/uploads.ts';

/** Why a chosen spreadsheet is not sent: the message id and its values. */
export type SheetProblem =
  | { id: 'excel.upload.xlsxOnly' }
  | { id: 'excel.upload.tooLarge'; values: { max: string } };

/** Checks a chosen file before anything is sent: an .xlsx within the upload limit. */
export function checkSheetFile(file: Pick<File, 'name' | 'size'>, maxBytes: number): SheetProblem | null {
  if (!/\.xlsx$/i.test(file.name)) return { id: 'excel.upload.xlsxOnly' };
  if (file.size > maxBytes) return { id: 'excel.upload.tooLarge', values: { max: megabytes(maxBytes) } };
  return null;
}

/** Uploads the spreadsheet; resolves its stored name, or rejects with the service's text. */
export const uploadSheet = async (file: File, locale: string): Promise<string> =>
  (await uploadFile(file, locale)).fullfilename;

/** The spreadsheet downloads, fetched with the session through the gateway (it signs them). */
export const TEMPLATE_URL = '/service/admin/product/import-template';
export const PRODUCT_EXPORT_URL = '/service/admin/product/export';
export const ORDER_EXPORT_URL = '/service/admin/order/export';
