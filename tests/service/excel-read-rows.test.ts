import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SheetRow, sheetRows } from '../../service/src/modules/product-excel/read-rows.ts';
import { unzipParts, zip } from './excel-fixture.ts';

const rowsOf = async (bytes: Buffer) => {
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(bytes)) rows.push(row);
  return rows.map((row) => row.cells.slice(1));
};

const workbook = async (fill: (book: ExcelJS.Workbook) => void) => {
  const book = new ExcelJS.Workbook();
  fill(book);
  return Buffer.from(await book.xlsx.writeBuffer());
};

describe('reading an uploaded sheet', () => {
  it('reads the first tab the admin sees, whatever the order of the parts in the zip', async () => {
    const written = await workbook((book) => {
      book.addWorksheet('Notes').addRow(['not products']);
      const products = book.addWorksheet('Products');
      products.addRow(['name', 'price']);
      products.addRow(['保温杯', 59]);
    });
    // The tabs swapped in xl/workbook.xml: sheet2.xml ("Products") comes first, sheet1.xml stays first in the zip.
    const parts = await unzipParts(written);
    const book = parts.get('xl/workbook.xml')!.toString();
    const tabs = book.match(/<sheet [^>]*\/>/g)!;
    expect(tabs).toHaveLength(2);
    parts.set('xl/workbook.xml', Buffer.from(book.replace(tabs.join(''), [...tabs].reverse().join(''))));
    const swapped = await zip([...parts].map(([name, bytes]) => ({ name, chunks: () => [bytes] })));
    expect(await rowsOf(swapped)).toEqual([
      ['name', 'price'],
      ['保温杯', 59],
    ]);
  });

  it('reads the same file the same way every time', async () => {
    // exceljs's own streaming pass over the zip loses the trailing xl/workbook.xml about once in 500 reads.
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('Products');
      sheet.addRow(['name', 'price']);
      sheet.addRow(['保温杯', 59]);
    });
    const outcomes = new Map<string, number>();
    for (let read = 0; read < 1500; read++) {
      const outcome = await rowsOf(bytes).then(
        (rows) => JSON.stringify(rows),
        (error: Error) => error.message,
      );
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '[["name","price"],["保温杯",59]]': 1500 });
  });

  it('stops at the row limit and refuses a file that is not a workbook', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('Products');
      for (let n = 0; n < 6; n++) sheet.addRow([`row ${n}`]);
    });
    const read: number[] = [];
    await expect(async () => {
      for await (const row of sheetRows(bytes, 3)) read.push(row.number);
    }).rejects.toMatchObject({ message: 'excel.tooManyRows' });
    expect(read).toEqual([1, 2, 3, 4]);
    const notABook = await zip([{ name: 'word/document.xml', chunks: () => [Buffer.from('<w:document/>')] }]);
    await expect(rowsOf(notABook)).rejects.toMatchObject({ message: 'excel.unreadable' });
  });
});
