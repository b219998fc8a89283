import { nextEntry, openZip } from './zip-parts.ts';

/** The parts every .xlsx has, whatever wrote it. */
const WORKBOOK_PARTS = ['[Content_Types].xml', 'xl/workbook.xml'];
/** A workbook lists a dozen parts; a directory of thousands is not one worth reading to the end. */
const MAX_LISTED = 1000;

/**
 * True when the zip's central directory lists a workbook's parts. The directory sits at the end
 * of the file and names every part wherever its bytes lie, so a workbook written sheet-first by a
 * streaming writer, whose workbook part comes after megabytes of rows, is known as readily as a
 * small one; a reader walking the local headers from the front would give up before reaching it.
 * Only names are read here: the import checks the parts' sizes and contents before using them.
 */
export async function isWorkbookZip(buffer: Buffer): Promise<boolean> {
  let zip: Awaited<ReturnType<typeof openZip>>;
  try {
    zip = await openZip(buffer);
  } catch {
    return false;
  }
  try {
    const missing = new Set(WORKBOOK_PARTS);
    for (let listed = 0; listed < MAX_LISTED; listed += 1) {
      const entry = await nextEntry(zip);
      if (!entry) return false;
      missing.delete(entry.fileName);
      if (missing.size === 0) return true;
    }
    return false;
  } catch {
    return false;
  } finally {
    zip.close();
  }
}
