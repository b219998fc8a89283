import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/envelope.ts';
import { excelMessages as m } from './messages.ts';

/** The most product rows one import takes (the header row aside). */
export const MAX_IMPORT_ROWS = 10_000;

/** A cell as the import reads it: empty, a value, or a formula (which it refuses). */
export type CellValue = undefined | string | number | boolean | { formula: true };

export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  number: number;
  /** Cells by 1-based column index. */
  cells: CellValue[];
}

function cellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if ('formula' in value || 'sharedFormula' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  // An error cell (#N/A, #VALUE!) holds no value the import could take.
  return '#';
}

/**
 * The first worksheet's rows, read as a stream: rows are handed on as they are parsed and
 * nothing of the sheet is kept, and a row numbered past the limit stops the reading at once
 * (a sheet of a million rows costs the time of its first ten thousand). Shared strings are
 * cached, which checkZipBudget has bounded beforehand. Styles and hyperlinks are not read.
 */
export async function* sheetRows(buffer: Buffer, maxRows = MAX_IMPORT_ROWS): AsyncGenerator<SheetRow> {
  const source = Readable.from([buffer]);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.number > maxRows + 1) throw badRequest(m['excel.tooManyRows'], { max: maxRows });
        const values = row.values as ExcelJS.CellValue[];
        yield { number: row.number, cells: Array.from(values, cellValue) };
      }
      // Only the first sheet holds products.
      return;
    }
  } finally {
    source.destroy();
  }
}
