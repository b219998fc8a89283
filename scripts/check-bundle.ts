/**
 * Size budget of the storefront: the initial JavaScript for /home (the entry chunk plus every chunk
 * it imports statically, from Vite's manifest) must stay within 200 KB gzip. Prints the figure;
 * exits 1 above the budget. Run after `vite build` (the `build` script does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.WEB_BUDGET_KB ?? 200);
const dist = path.resolve('web/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

if (!fs.existsSync(manifestPath)) {
  console.error(`check-bundle: ${manifestPath} not found; run vite build first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('check-bundle: no entry chunk in the manifest.');
  process.exit(1);
}

/** The entry and its static imports (what the browser must load before the first paint). */
const initial = new Set<string>();
const visit = (key: string) => {
  if (initial.has(key) || !manifest[key]) return;
  initial.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
visit(entryKey);

// The /home screen's own chunk (route-level split) and its static imports are loaded at start too.
const homeKey = Object.keys(manifest).find((key) => key.endsWith('pages/home/HomePage.tsx'));
if (homeKey) visit(homeKey);

let raw = 0;
let gzip = 0;
const rows: Array<[string, number, number]> = [];
for (const key of initial) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const bytes = fs.readFileSync(path.join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  rows.push([file, bytes.length, zipped]);
}

const kb = (n: number) => (n / 1024).toFixed(1);
for (const [file, size, zipped] of rows.sort((a, b) => b[2] - a[2])) {
  console.log(`  ${file.padEnd(48)} ${kb(size).padStart(8)} KB  ${kb(zipped).padStart(7)} KB gzip`);
}
console.log(
  `Initial JavaScript for /home: ${kb(gzip)} KB gzip (${kb(raw)} KB raw, ${rows.length} files); budget ${BUDGET_KB} KB gzip.`,
);
if (gzip > BUDGET_KB * 1024) {
  console.error(`check-bundle: over budget by ${kb(gzip - BUDGET_KB * 1024)} KB gzip.`);
  process.exit(1);
}
