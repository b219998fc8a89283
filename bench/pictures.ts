/**
 * Bench (web section): the bytes of the pictures `/home` loads, in headless Chromium on a cold
 * load (new browser context: empty cache), at a phone's 390 × 844 viewport (device pixel ratio 3,
 * as the phones of that width have, and 1 for comparison) and at 1280 × 800 (ratio 1). Side by
 * side in one run on one stack: "after" is the page as served (each <picture> picks an AVIF
 * variant by `srcset`/`sizes`); "before" is the same page with every picture request sent to the
 * picture's drawn SVG source instead — the address the page's <img> named before it had variants —
 * so both rows load the same pictures and differ only in their bytes. Bytes are the response
 * bodies as they came over the wire (after the gateway's compression), from Chromium's own count.
 */

import { FORMAT_PARAM, WIDTH_PARAM } from '@shop/common/pictures.ts';
import type { Browser } from 'playwright-core';
import { startShop } from '../tests/e2e/harness.ts';
import { fixed, table } from './lib.ts';

const LOADS = 3;
const VIEWPORTS = [
  { label: '390 px, ratio 3', width: 390, height: 844, ratio: 3 },
  { label: '390 px, ratio 1', width: 390, height: 844, ratio: 1 },
  { label: '1280 px, ratio 1', width: 1280, height: 800, ratio: 1 },
] as const;

interface PictureLoad {
  bytes: number;
  count: number;
  types: string;
}

/** The picture's source address: its variant parameters removed. */
function sourceOf(address: string): string {
  const url = new URL(address);
  url.searchParams.delete(WIDTH_PARAM);
  url.searchParams.delete(FORMAT_PARAM);
  return url.toString();
}

async function loadPictures(
  browser: Browser,
  target: string,
  viewport: (typeof VIEWPORTS)[number],
  asSvg: boolean,
): Promise<PictureLoad> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.ratio,
  });
  const page = await context.newPage();
  if (asSvg) {
    await page.route(`**/*${FORMAT_PARAM}=*`, (route) =>
      route.continue({ url: sourceOf(route.request().url()) }),
    );
  }
  const sizes: Array<Promise<{ bytes: number; type: string }>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    sizes.push(
      Promise.all([request.sizes(), request.response()]).then(([size, response]) => ({
        bytes: size.responseBodySize,
        type: (response?.headers()['content-type'] ?? '?').split(';')[0],
      })),
    );
  });
  await page.goto(target, { waitUntil: 'networkidle' });
  const loaded = await Promise.all(sizes);
  await context.close();
  return {
    bytes: loaded.reduce((sum, entry) => sum + entry.bytes, 0),
    count: loaded.length,
    types: [...new Set(loaded.map((entry) => entry.type))].join(' '),
  };
}

/** Prints the picture bytes of `/home` before (SVG) and after (variants); returns after/before at 390 px. */
export async function benchPictures(): Promise<number> {
  const shop = await startShop();
  try {
    const target = `${shop.origin}/home`;
    // One load first so every variant is made: the bench measures bytes, not their making.
    for (const viewport of VIEWPORTS) await loadPictures(shop.browser, target, viewport, false);
    const rows: Array<Array<string | number>> = [];
    let phoneRatio = Number.NaN;
    for (const viewport of VIEWPORTS) {
      const runs = { before: [] as PictureLoad[], after: [] as PictureLoad[] };
      for (let i = 0; i < LOADS; i += 1) {
        runs.before.push(await loadPictures(shop.browser, target, viewport, true));
        runs.after.push(await loadPictures(shop.browser, target, viewport, false));
      }
      const median = (loads: PictureLoad[]) =>
        [...loads].sort((a, b) => a.bytes - b.bytes)[loads.length >> 1];
      const before = median(runs.before);
      const after = median(runs.after);
      const ratio = after.bytes / before.bytes;
      if (viewport.width === 390 && viewport.ratio === 3) phoneRatio = ratio;
      rows.push([
        viewport.label,
        'before: SVG',
        before.count,
        fixed(before.bytes / 1024, 1),
        before.types,
        '',
      ]);
      rows.push([
        viewport.label,
        'after: variants',
        after.count,
        fixed(after.bytes / 1024, 1),
        after.types,
        fixed(ratio, 2),
      ]);
    }
    console.log(
      `\n## 3d. /home picture bytes on a cold load in headless Chromium (median of ${LOADS}; wire bytes)\n`,
    );
    table(['viewport', 'pictures', 'requests', 'KB', 'types', 'after / before'], rows);
    return phoneRatio;
  } finally {
    await shop.close();
  }
}
