/**
 * Bench (web section): the bytes of the pictures `/home` loads, in headless Chromium on a cold
 * load (new browser context: empty cache), at a phone's 390 × 844 viewport (device pixel ratio 3,
 * as the phones of that width have, and 1 for comparison) and at 1280 × 800 (ratio 1). Side by
 * side in one load: "after" is the pictures' bodies as they came over the wire (each drawing its
 * own SVG, compressed), from Chromium's own count; "before" is the same bodies uncompressed,
 * decoded by Chromium. (Raster variants of these drawings weigh more than either: 57.4 KB at
 * 390 px and ratio 3, docs/performance.md "Pictures".)
 */

import type { Browser } from 'playwright-core';
import { buildWebIfStale } from '../tests/e2e/build-web.ts';
import { startShop } from '../tests/e2e/harness.ts';
import { fixed, table } from './lib.ts';

const LOADS = 3;
const VIEWPORTS = [
  { label: '390 px, ratio 3', width: 390, height: 844, ratio: 3 },
  { label: '390 px, ratio 1', width: 390, height: 844, ratio: 1 },
  { label: '1280 px, ratio 1', width: 1280, height: 800, ratio: 1 },
] as const;

interface PictureLoad {
  /** The bodies as they came over the wire. */
  wire: number;
  /** The same bodies decoded: what went over the wire before the drawings were compressed. */
  decoded: number;
  count: number;
  types: string;
}

async function loadPictures(
  browser: Browser,
  target: string,
  viewport: (typeof VIEWPORTS)[number],
): Promise<PictureLoad> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.ratio,
  });
  const page = await context.newPage();
  const sizes: Array<Promise<{ wire: number; decoded: number; type: string }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(async ([size, response]) => ({
        wire: size.responseBodySize,
        decoded: response ? (await response.body()).length : 0,
        type: (response?.headers()['content-type'] ?? '?').split(';')[0],
      })),
    );
  });
  await page.goto(target, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(sizes);
  await context.close();
  return {
    wire: loaded.reduce((sum, entry) => sum + entry.wire, 0),
    decoded: loaded.reduce((sum, entry) => sum + entry.decoded, 0),
    count: loaded.length,
    types: [...new Set(loaded.map((entry) => entry.type))].join(' '),
  };
}

/** Prints the picture bytes of `/home` before (uncompressed) and after (as served). */
export async function benchPictures(): Promise<void> {
  buildWebIfStale();
  const shop = await startShop();
  try {
    const target = `${shop.origin}/home`;
    // One load first so nothing is made or drawn for the first time: the bench measures bytes.
    for (const viewport of VIEWPORTS) await loadPictures(shop.browser, target, viewport);
    const rows: Array<Array<string | number>> = [];
    for (const viewport of VIEWPORTS) {
      const loads: PictureLoad[] = [];
      for (let i = 0; i < LOADS; i += 1) loads.push(await loadPictures(shop.browser, target, viewport));
      const load = [...loads].sort((a, b) => a.wire - b.wire)[loads.length >> 1];
      const ratio = load.wire / load.decoded;
      rows.push([
        viewport.label,
        'before: uncompressed',
        load.count,
        fixed(load.decoded / 1024, 1),
        load.types,
        '',
      ]);
      rows.push([
        viewport.label,
        'after: as served',
        load.count,
        fixed(load.wire / 1024, 1),
        load.types,
        fixed(ratio, 2),
      ]);
    }
    console.log(
      `\n## 3e. /home picture bytes on a cold load in headless Chromium (median of ${LOADS}; response bodies)\n`,
    );
    table(['viewport', 'pictures', 'requests', 'KB', 'types', 'after / before'], rows);
  } finally {
    await shop.close();
  }
}
