import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { badRequest } from '../../http/envelope.ts';
import { entriesByName, openZip } from '../files/zip-parts.ts';
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
 * The part parsers of exceljs's streaming reader, which its types leave out. The reader's own
 * pass over the zip walks local headers as they stream by and, now and then, ends before the
 * last entries (exceljs writes xl/workbook.xml last), which makes a good file unreadable; so
 * each part is read here through the central directory, in the order the sheet needs them.
 */
interface WorkbookParts {
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The workbook's first sheet that is a worksheet: its part's name and number. */
function firstWorksheet(parts: WorkbookParts): { name: string; sheetNo: string } | undefined {
  for (const sheet of parts.model?.sheets ?? []) {
    const target = parts.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target;
    if (!target) continue;
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    const sheetNo = WORKSHEET.exec(name)?.[1];
    if (sheetNo) return { name, sheetNo };
  }
  return undefined;
}

/**
 * The first worksheet's rows, read as a stream: rows are handed on as they are parsed and
 * nothing of the sheet is kept, and a row numbered past the limit stops the reading at once
 * (a sheet of a million rows costs the time of its first ten thousand). Shared strings are
 * cached, which checkZipBudget has bounded beforehand. Styles and hyperlinks are not read.
 */
export async function* sheetRows(buffer: Buffer, maxRows = MAX_IMPORT_ROWS): AsyncGenerator<SheetRow> {
  const zip = await openZip(buffer);
  const opened: Readable[] = [];
  try {
    const entries = await entriesByName(zip);
    const part = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const stream = await zip.openReadStreamPromise(entry);
      opened.push(stream);
      return stream;
    };
    // The reader's own input is never read: its part parsers are fed below.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'ignore',
      entries: 'ignore',
    });
    const parts = reader as unknown as WorkbookParts;
    const rels = await part('xl/_rels/workbook.xml.rels');
    const book = await part('xl/workbook.xml');
    if (!rels || !book) throw badRequest(m['excel.unreadable']);
    await parts._parseRels(rels);
    await parts._parseWorkbook(book);
    const strings = await part('xl/sharedStrings.xml');
    if (strings) for await (const _ of parts._parseSharedStrings(strings));
    const first = firstWorksheet(parts);
    const sheet = first && (await part(first.name));
    if (!first || !sheet) return;
    for (const { value } of parts._parseWorksheet(sheet, first.sheetNo)) {
      for await (const row of value) {
        if (row.number > maxRows + 1) throw badRequest(m['excel.tooManyRows'], { max: maxRows });
        const values = row.values as ExcelJS.CellValue[];
        yield { number: row.number, cells: Array.from(values, cellValue) };
      }
    }
  } finally {
    for (const stream of opened) stream.destroy();
    zip.close();
  }
}
