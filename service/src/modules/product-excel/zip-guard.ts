import type { Entry, ZipFile } from 'yauzl';
import { ApiError, badRequest } from '../../http/envelope.ts';
import { formatBytes } from '../files/service.ts';
import { nextEntry, openZip } from '../files/zip-parts.ts';
import { excelMessages as m } from './messages.ts';

/** The most a workbook may unpack to: a 10,000-row import is a few MB of XML. */
export const MAX_UNPACKED_BYTES = 48 * 1024 * 1024;
/** A workbook has a dozen parts; thousands of tiny ones are a way around the byte budget. */
const MAX_ENTRIES = 200;
/** The data descriptor that may follow an entry's data (signature, CRC, two 8-byte sizes). */
const DESCRIPTOR_SLACK = 24;

/** Inflates one entry into nothing, counting its bytes, and stops as soon as the budget is spent. */
const inflatedSize = (zip: ZipFile, entry: Entry, budget: number) =>
  new Promise<number>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > budget) stream.destroy(new UnpackedTooLarge());
      });
      stream.once('error', reject).once('end', () => resolve(size));
    });
  });

const dataStart = (zip: ZipFile, entry: Entry) =>
  new Promise<number>((resolve, reject) =>
    zip.readLocalFileHeader(entry, { minimal: true }, (error, header) =>
      error ? reject(error) : resolve(header.fileDataStart),
    ),
  );

class UnpackedTooLarge extends Error {}

/**
 * Refuses a zip bomb before exceljs sees the file. The central directory's sizes are summed, then
 * every entry is really inflated (and thrown away) with yauzl checking that each part unpacks to
 * exactly the size it declares, so a part that lies about its size cannot slip through; memory
 * stays one inflate window however large the bomb. The entries must also follow each other from
 * the first byte to the central directory without gaps: a part hidden between them, one the
 * directory does not list, marks a crafted file, and a reader walking local headers would see it.
 */
export async function checkZipBudget(buffer: Buffer, budget = MAX_UNPACKED_BYTES): Promise<void> {
  const tooLarge = () => badRequest(m['excel.tooLargeUnpacked'], { max: formatBytes(budget) });
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw badRequest(m['excel.unreadable']);
  }
  try {
    if (zip.entryCount > MAX_ENTRIES) throw badRequest(m['excel.unreadable']);
    // Before the first read the cursor is the central directory's offset.
    const directoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor;
    const spans: [number, number][] = [];
    let declared = 0;
    let spent = 0;
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      declared += entry.uncompressedSize;
      if (declared > budget) throw tooLarge();
      const start = await dataStart(zip, entry);
      spans.push([entry.relativeOffsetOfLocalHeader, start + entry.compressedSize]);
      if (entry.fileName.endsWith('/')) continue;
      spent += await inflatedSize(zip, entry, budget - spent);
    }
    spans.sort((a, b) => a[0] - b[0]);
    let cursor = 0;
    for (const [index, [offset, end]] of spans.entries()) {
      const gap = offset - cursor;
      if (gap < 0 || gap > (index === 0 ? 0 : DESCRIPTOR_SLACK)) throw badRequest(m['excel.unreadable']);
      cursor = end;
    }
    if (directoryOffset - cursor > DESCRIPTOR_SLACK) throw badRequest(m['excel.unreadable']);
  } catch (error) {
    if (error instanceof UnpackedTooLarge) throw tooLarge();
    if (error instanceof ApiError) throw error;
    throw badRequest(m['excel.unreadable']);
  } finally {
    zip.close();
  }
}
