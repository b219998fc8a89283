/**
 * What the browser must download before a screen can paint, from Vite's manifest: the entry and
 * its static imports, the start-up texts of the page's language (`texts-<locale>`, loaded beside
 * the screen: web/catalogue-split.ts) plus the screen's own (lazy) chunk and its static imports. Shared by the
 * size budget (scripts/check-bundle.ts) and the benchmark (bench/web.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest | null {
  const file = path.join(dist, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : null;
}

/** Manifest keys loaded at start for a screen module (e.g. 'src/pages/home/HomePage.tsx'). */
export function initialChunks(manifest: Manifest, screenModule?: string, locale = 'zh-CN'): Set<string> {
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key) || !manifest[key]) return;
    initial.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entry) visit(entry);
  for (const key of Object.keys(manifest)) if (manifest[key].name === `texts-${locale}`) visit(key);
  if (screenModule) {
    const key = Object.keys(manifest).find((k) => k.endsWith(screenModule));
    if (key) visit(key);
  }
  return initial;
}

export interface JsSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Sizes of the JavaScript files of these chunks: raw, gzip -9 and brotli (the build's .br when present). */
export function jsSizes(dist: string, manifest: Manifest, keys: Iterable<string>): JsSize[] {
  const rows: JsSize[] = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const bytes = fs.readFileSync(path.join(dist, file));
    const brFile = path.join(dist, `${file}.br`);
    rows.push({
      file,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: fs.existsSync(brFile) ? fs.statSync(brFile).size : brotliCompressSync(bytes).length,
    });
  }
  return rows;
}

export const kb = (n: number) => (n / 1024).toFixed(1);
