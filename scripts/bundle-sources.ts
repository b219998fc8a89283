/**
 * What the initial JavaScript for a screen is made of: bytes per source module, read from the
 * source maps of a build made with them (`npx vite build --config web/vite.config.ts --sourcemap
 * --outDir /tmp/web-maps`; the served build has none). Each chunk's gzip size is shared among its
 * sources in proportion to their raw bytes, so the figures add up to scripts/check-bundle.ts's.
 *
 *   npx tsx scripts/bundle-sources.ts /tmp/web-maps [screen module] [--files]
 *
 * Without `--files`, sources are grouped by package (`react-dom`, `@apollo/client`, …) and the
 * app's own files by folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { initialChunks, jsSizes, kb, readManifest } from './bundle-size.ts';

const args = process.argv.slice(2);
const byFile = args.includes('--files');
const [dist = '/tmp/web-maps', screen = 'src/pages/home/HomePage.tsx'] = args.filter(
  (arg) => !arg.startsWith('--'),
);
const manifest = readManifest(dist);
if (!manifest) {
  console.error(`bundle-sources: ${dist}/.vite/manifest.json not found`);
  process.exit(1);
}

/** A source path, grouped: the package under node_modules, else the app's folder. */
function group(source: string): string {
  const normal = source.replaceAll('\\', '/');
  const inModules = normal.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = normal.slice(inModules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return byFile ? rest.join('/') : name;
  }
  return byFile ? normal : path.dirname(normal);
}

interface Row {
  chunk: string;
  source: string;
  raw: number;
  gzip: number;
}
const rows: Row[] = [];
const chunkRows = jsSizes(dist, manifest, initialChunks(manifest, screen));
for (const chunk of chunkRows) {
  const file = path.join(dist, chunk.file);
  const code = fs.readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const bytes = new Map<string, number>();
  if (!fs.existsSync(mapFile)) {
    bytes.set('(no source map)', Buffer.byteLength(code));
  } else {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string };
    const lines = code.split('\n');
    const decoded = decode(map.mappings);
    let mapped = 0;
    decoded.forEach((segments, line) => {
      const text = lines[line] ?? '';
      segments.forEach((segment, index) => {
        const end = index + 1 < segments.length ? segments[index + 1][0] : text.length;
        const size = Buffer.byteLength(text.slice(segment[0], end));
        const name =
          segment.length > 1
            ? group(
                path.relative(
                  process.cwd(),
                  path.resolve(path.dirname(mapFile), map.sources[segment[1] as number]),
                ),
              )
            : '(generated)';
        bytes.set(name, (bytes.get(name) ?? 0) + size);
        mapped += size;
      });
    });
    bytes.set('(unmapped)', Buffer.byteLength(code) - mapped);
  }
  const total = [...bytes.values()].reduce((sum, n) => sum + n, 0) || 1;
  for (const [source, raw] of bytes) {
    if (raw > 0) rows.push({ chunk: chunk.file, source, raw, gzip: (chunk.gzip * raw) / total });
  }
}

const byChunk = new Map<string, Row[]>();
for (const row of rows) byChunk.set(row.chunk, [...(byChunk.get(row.chunk) ?? []), row]);
for (const chunk of chunkRows.sort((a, b) => b.gzip - a.gzip)) {
  console.log(`${chunk.file}  ${kb(chunk.raw)} KB raw, ${kb(chunk.gzip)} KB gzip`);
  const own = (byChunk.get(chunk.file) ?? []).sort((a, b) => b.raw - a.raw);
  for (const row of own.filter((r) => r.gzip >= 51.2)) {
    console.log(
      `    ${row.source.padEnd(70)} ${kb(row.raw).padStart(7)} KB  ${kb(row.gzip).padStart(6)} KB gzip`,
    );
  }
}
const total = chunkRows.reduce((sum, chunk) => sum + chunk.gzip, 0);
console.log(`Initial JavaScript for ${screen}: ${kb(total)} KB gzip in ${chunkRows.length} files.`);
