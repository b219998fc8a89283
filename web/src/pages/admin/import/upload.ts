/** Why a chosen spreadsheet is not sent: the message id and its values. */
export type SheetProblem =
  | { id: 'excel.upload.xlsxOnly' }
  | { id: 'excel.upload.tooLarge'; values: { max: string } };

const mebibytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Checks a chosen file before anything is sent: an .xlsx within the upload limit. */
export function checkSheetFile(file: Pick<File, 'name' | 'size'>, maxBytes: number): SheetProblem | null {
  if (!/\.xlsx$/i.test(file.name)) return { id: 'excel.upload.xlsxOnly' };
  if (file.size > maxBytes) return { id: 'excel.upload.tooLarge', values: { max: mebibytes(maxBytes) } };
  return null;
}

interface UploadEnvelope {
  success?: boolean;
  data?: { fullfilename?: string };
  alterMsg?: string;
}

/**
 * Uploads the spreadsheet through the gateway's upload proxy (POST /service/file/uploads, the
 * session cookie) and answers its stored name; rejects with the service's text.
 */
export async function uploadSheet(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/service/file/uploads', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(50_000),
  });
  const envelope = (await response.json().catch(() => null)) as UploadEnvelope | null;
  if (envelope?.success && envelope.data?.fullfilename) return envelope.data.fullfilename;
  throw new Error(envelope?.alterMsg || '');
}

/** The spreadsheet downloads, fetched with the session through the gateway (it signs them). */
export const TEMPLATE_URL = '/service/admin/product/import-template';
export const PRODUCT_EXPORT_URL = '/service/admin/product/export';
export const ORDER_EXPORT_URL = '/service/admin/order/export';
