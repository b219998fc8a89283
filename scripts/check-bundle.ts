/**
 * Size budget of the storefront: the initial JavaScript for /home (the entry chunk plus every chunk
 * it imports statically, and the home screen's own chunk and its imports, from Vite's manifest) must
 * stay within 190 KB gzip. Prints the figure; exits 1 above the budget. Run after `vite build` (the `build` script does).
 */
import path from 'node:path';
import { initialChunks, jsSizes, kb, readManifest } from './bundle-size.ts';

const BUDGET_KB = Number(process.env.WEB_BUDGET_KB ?? 190);
const dist = path.resolve('web/dist');

const manifest = readManifest(dist);
if (!manifest) {
  console.error(`check-bundle: ${dist}/.vite/manifest.json not found; run vite build first.`);
  process.exit(1);
}
if (!Object.values(manifest).some((chunk) => chunk.isEntry)) {
  console.error('check-bundle: no entry chunk in the manifest.');
  process.exit(1);
}

const HOME = 'src/pages/home/HomePage.tsx';
// A screen the bundler merged into a shared chunk has no key of its own: neither this budget nor
// the page server's modulepreload links would find it, so that is a failure, not a smaller figure.
if (!manifest[HOME]) {
  console.error(`check-bundle: ${HOME} is not a chunk of its own (is it imported statically elsewhere?).`);
  process.exit(1);
}
const rows = jsSizes(dist, manifest, initialChunks(manifest, HOME));
const raw = rows.reduce((sum, row) => sum + row.raw, 0);
const gzip = rows.reduce((sum, row) => sum + row.gzip, 0);
const brotli = rows.reduce((sum, row) => sum + row.brotli, 0);
for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(8)} KB  ${kb(row.gzip).padStart(7)} KB gzip`);
}
console.log(
  `Initial JavaScript for /home: ${kb(gzip)} KB gzip, ${kb(brotli)} KB brotli as served (${kb(raw)} KB raw, ${rows.length} files); budget ${BUDGET_KB} KB gzip.`,
);
if (gzip > BUDGET_KB * 1024) {
  console.error(`check-bundle: over budget by ${kb(gzip - BUDGET_KB * 1024)} KB gzip.`);
  process.exit(1);
}
