import { type Entry, fromBufferPromise, type ZipFile } from 'yauzl';

/** Opens a zip held in memory through its central directory; entries are listed on request. */
export const openZip = (buffer: Buffer) =>
  fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });

/** The central directory's next entry, or null past its last. */
export const nextEntry = (zip: ZipFile) =>
  new Promise<Entry | null>((resolve, reject) => {
    const onEntry = (entry: Entry) => done(null, entry);
    const onEnd = () => done(null, null);
    const onError = (error: Error) => done(error, null);
    const done = (error: Error | null, entry: Entry | null) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      if (error) reject(error);
      else resolve(entry);
    };
    zip.on('entry', onEntry).once('end', onEnd).once('error', onError);
    zip.readEntry();
  });

/** Every entry the central directory lists, by its name. */
export async function entriesByName(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip))
    entries.set(entry.fileName, entry);
  return entries;
}
