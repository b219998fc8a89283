import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { headerText, IMPORT_COLUMNS } from '../../service/src/modules/product-excel/columns.ts';
import type { TestService } from './harness.ts';
import type { TestSession } from './session-fixture.ts';

export type SheetValue = string | number | boolean | null | { formula: string };

/** A product row by the template's fields; missing fields are left blank. */
export type ProductCells = Partial<Record<(typeof IMPORT_COLUMNS)[number]['field'], SheetValue>>;

/** A good product row, numbered so every row of a sheet differs. */
export const goodRow = (n: number, category: string): ProductCells => ({
  nameZh: `导入商品 ${n}`,
  nameEn: `Imported product ${n}`,
  descriptionZh: `第 ${n} 个导入的商品`,
  descriptionEn: `Imported product number ${n}`,
  categoryId: category,
  price: 10 + (n % 90) + 0.5,
  originalPrice: 200,
  stock: n % 50,
  isHot: n % 2 ? '是' : '否',
  isNew: 'Yes',
  onShelf: '是',
});

/** An .xlsx as the template lays it out: the bilingual header row, then `rows`. */
export async function productSheet(rows: ProductCells[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(IMPORT_COLUMNS.map(headerText));
  for (const row of rows) {
    sheet.addRow(IMPORT_COLUMNS.map((column) => (row[column.field] ?? null) as ExcelJS.CellValue));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * An .xlsx written as the shop's exports write it, by exceljs's streaming `WorkbookWriter`: the
 * sheet's part first and the workbook's part after it. The template's header, then `rows` rows
 * whose second cell is `noise` random bytes in base64, which deflate cannot shrink: the file's
 * size grows by about that much a row.
 */
export async function streamedSheet(rows: number, noise: number): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Products');
  sheet.addRow(IMPORT_COLUMNS.map(headerText)).commit();
  for (let n = 1; n <= rows; n += 1)
    sheet.addRow([`导入商品 ${n}`, randomBytes(noise).toString('base64')]).commit();
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** Uploads a spreadsheet through the files module as `session` and answers its stored name. */
export async function upload(
  service: TestService,
  session: TestSession,
  bytes: Buffer,
  name = 'products.xlsx',
) {
  const res = await service.http
    .post('/service/file/uploads')
    .set(session.headers)
    .attach('file', bytes, name);
  if (!res.body.success) throw new Error(`upload refused: ${JSON.stringify(res.body)}`);
  return res.body.data.fullfilename as string;
}

/** Every part of a zip, read with yauzl. */
export async function unzipParts(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: false }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const parts = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    let pending = zip.entryCount;
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          parts.set(entry.fileName, Buffer.concat(chunks));
          pending -= 1;
          if (pending === 0) resolve();
        });
      }),
    );
    zip.on('error', reject);
  });
  return parts;
}

/** A part to zip: its bytes given as chunks (so a huge part needs no huge buffer). */
export interface ZipPart {
  name: string;
  chunks: () => Iterable<Buffer>;
  /** The uncompressed size written in the headers instead of the real one (a lying bomb). */
  declaredSize?: number;
}

/** A zip written by hand (deflate, no data descriptors), the way a crafted file would be. */
export async function zip(parts: ZipPart[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const { data, crc, size } = await deflated(part.chunks());
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directoryBytes, end]);
}

/** Deflates chunk by chunk through a stream, so a 200 MB part never exists in memory. */
async function deflated(chunks: Iterable<Buffer>): Promise<{ data: Buffer; crc: number; size: number }> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => output.push(chunk));
  const finished = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    crc = zlib.crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return { data: Buffer.concat(output), crc, size };
}

/** A valid workbook whose first sheet is replaced by `sheetChunks` (the rest of the parts kept). */
export async function workbookWithSheet(
  sheetChunks: () => Iterable<Buffer>,
  declaredSize?: number,
): Promise<Buffer> {
  const parts = await unzipParts(await productSheet([]));
  return zip(
    [...parts].map(([name, bytes]) =>
      name === 'xl/worksheets/sheet1.xml'
        ? { name, chunks: sheetChunks, declaredSize }
        : { name, chunks: () => [bytes] },
    ),
  );
}

const SHEET_HEAD = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
);
const SHEET_TAIL = Buffer.from('</sheetData></worksheet>');

/** A sheet part of `bytes` bytes, nearly all of it whitespace: a zip bomb of 1000:1. */
export function* paddedSheet(bytes: number): Iterable<Buffer> {
  yield SHEET_HEAD;
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let left = bytes; left > 0; left -= block.length)
    yield left >= block.length ? block : block.subarray(0, left);
  yield SHEET_TAIL;
}

/** The template's header row as inline strings (row 1). */
const headerRow = () =>
  `<row r="1">${IMPORT_COLUMNS.map(
    (column, index) =>
      `<c r="${String.fromCharCode(65 + index)}1" t="inlineStr"><is><t>${column.title['en-GB']}</t></is></c>`,
  ).join('')}</row>`;

/** A sheet of the header and `count` empty rows after it. */
export function* manyRows(count: number): Iterable<Buffer> {
  yield SHEET_HEAD;
  yield Buffer.from(headerRow());
  let batch: string[] = [];
  for (let n = 2; n <= count + 1; n += 1) {
    batch.push(`<row r="${n}"/>`);
    if (batch.length === 10_000) {
      yield Buffer.from(batch.join(''));
      batch = [];
    }
  }
  yield Buffer.from(batch.join(''));
  yield SHEET_TAIL;
}

/** A compound file (CFB) holding a "Workbook" stream: what the files module takes for a legacy .xls. */
export function legacyXls(): Buffer {
  const header = Buffer.alloc(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  for (const [index, name] of ['Root Entry', 'Workbook'].entries()) {
    const entry = Buffer.from(`${name}\0`, 'utf16le');
    directory.set(entry, index * 128);
    directory.writeUInt16LE(entry.length, index * 128 + 64);
    directory[index * 128 + 66] = index === 0 ? 5 : 2;
  }
  return Buffer.concat([header, directory]);
}

/**
 * The most memory (heap and buffers) the process held above its level at the start while `work`
 * ran, sampled every few milliseconds.
 */
export async function peakMemoryGrowth(work: () => Promise<unknown>): Promise<number> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const start = used();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - start;
}
