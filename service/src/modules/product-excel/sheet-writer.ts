import ExcelJS from 'exceljs';
import type { Response } from 'express';

export type ExportKind = 'text' | 'money' | 'whole' | 'time';

export interface ExportColumn<T> {
  title: string;
  kind: ExportKind;
  width: number;
  value: (row: T) => string | number | null;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Money in yuan with two decimals, shown and summed by Excel as a number. */
const MONEY_FORMAT = '0.00';
/** Excel's "Text" format: what the admin types into the cell later stays text as well. */
const TEXT_FORMAT = '@';

/**
 * A cell's value as written. Text is always a plain string value, which exceljs stores as a
 * string cell (never an `<f>` formula element), whatever it starts with: '=SUM(A1)', '+1',
 * '-1' or '@x' is shown as those characters and never evaluated, and the column's Text format
 * keeps it so when edited (OWASP's CSV guidance prefixes a quote because CSV has no cell types;
 * an .xlsx cell carries its type, so the text is kept exactly as the shop stores it).
 */
function cellValue(kind: ExportKind, value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  if (kind === 'money') return Number(value) / 100;
  if (kind === 'whole') return Number(value);
  return String(value);
}

/**
 * Streams an .xlsx download: the header row, then the rows `pages` yields, each page committed
 * as it comes so memory holds one page, not the sheet. Headers are sent before the first row; a
 * failure after that can only end the connection. Text goes to the shared-string table (cells
 * of type "s", the form Excel itself writes), the one part that grows with the sheet.
 */
export async function streamWorkbook<T>(
  res: Response,
  filename: string,
  sheetName: string,
  columns: readonly ExportColumn<T>[],
  pages: AsyncIterable<readonly T[]>,
): Promise<void> {
  res.set({
    'Content-Type': XLSX_MIME,
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
    useSharedStrings: true,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.title,
    width: column.width,
    style:
      column.kind === 'money'
        ? { numFmt: MONEY_FORMAT }
        : column.kind === 'whole'
          ? {}
          : { numFmt: TEXT_FORMAT },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const page of pages) {
    for (const row of page) {
      sheet.addRow(columns.map((column) => cellValue(column.kind, column.value(row)))).commit();
    }
  }
  sheet.commit();
  await workbook.commit();
}
