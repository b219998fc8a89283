/**
 * Pre-compression of a built folder: every text asset (JS, CSS, HTML, SVG, JSON) of at least
 * 256 bytes gets a `.br` (brotli quality 11) and a `.gz` (gzip level 9) sibling, written once at
 * build time so the gateway serves them by content negotiation without compressing per request.
 * Used by the web app's Vite build (web/vite.config.ts); `tsx scripts/precompress.ts <dir>` runs it by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 256;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Vite's manifest folder is build metadata, never served.
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (TEXT.test(entry.name)) yield full;
  }
}

/** Writes the `.br` and `.gz` siblings; returns how many files were compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: 9 });
    // A variant that does not save anything is left out (the gateway then serves identity).
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
    count += 1;
  }
  return count;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? 'web/dist');
  console.log(`precompress: ${precompressDir(dir)} files in ${dir}`);
}
