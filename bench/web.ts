/**
 * Bench section 3: the storefront's weight and first paint. (a) compressed initial JavaScript per
 * landing route from the build's manifest; (b) `/home` in headless Chromium, 5 cold loads (a new
 * browser context each: empty cache) against the real gateway serving the build: FCP, LCP, the
 * requests and the JavaScript bytes on the wire. Builds the web app first when it is stale.
 */
import path from 'node:path';
import { initialChunks, jsSizes, kb, readManifest } from '../scripts/bundle-size.ts';
import { buildWebIfStale, startShop } from '../tests/e2e/harness.ts';
import { fixed, percentile, table } from './lib.ts';

const ROUTES: Array<[string, string]> = [
  ['/home', 'src/pages/home/HomePage.tsx'],
  ['/category', 'src/pages/category/CategoriesPage.tsx'],
  ['/goods/detail/:id', 'src/pages/goods/GoodsDetailPage.tsx'],
  ['/category/search-result', 'src/pages/search/SearchResultPage.tsx'],
  ['/cart', 'src/pages/cart/CartPage.tsx'],
  ['/login', 'src/pages/login/LoginPage.tsx'],
];
const LOADS = 5;

export interface WebBench {
  fcp: number;
  lcp: number;
  requests: number;
  jsWireKb: number;
}

export async function benchWeb(): Promise<WebBench> {
  buildWebIfStale();
  const dist = path.resolve('web/dist');
  const manifest = readManifest(dist);
  if (!manifest) throw new Error('web/dist has no manifest');
  console.log('\n## 3a. Initial JavaScript per landing route (entry + screen chunk and their imports)\n');
  table(
    ['route', 'files', 'raw KB', 'gzip KB', 'brotli KB (served)'],
    ROUTES.map(([route, module]) => {
      const rows = jsSizes(dist, manifest, initialChunks(manifest, module));
      const sum = (pick: (row: (typeof rows)[number]) => number) =>
        rows.reduce((total, row) => total + pick(row), 0);
      return [route, rows.length, kb(sum((r) => r.raw)), kb(sum((r) => r.gzip)), kb(sum((r) => r.brotli))];
    }),
  );

  const shop = await startShop();
  try {
    const samples: Array<{ fcp: number; lcp: number; requests: number; js: number }> = [];
    for (let i = 0; i < LOADS; i += 1) {
      const context = await shop.browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      let requests = 0;
      let js = 0;
      const sizes: Array<Promise<void>> = [];
      page.on('requestfinished', (request) => {
        requests += 1;
        if (request.resourceType() === 'script') {
          sizes.push(
            request.sizes().then((s) => {
              js += s.responseBodySize + s.responseHeadersSize;
            }),
          );
        }
      });
      await page.goto(`${shop.origin}/home`, { waitUntil: 'networkidle' });
      const paint = await page.evaluate(
        () =>
          new Promise<{ fcp: number; lcp: number }>((resolve) => {
            let lcp = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
            setTimeout(() => resolve({ fcp, lcp }), 300);
          }),
      );
      await Promise.all(sizes);
      samples.push({ ...paint, requests, js });
      await context.close();
    }
    const median = (pick: (s: (typeof samples)[number]) => number) => percentile(samples.map(pick), 50);
    const result = {
      fcp: median((s) => s.fcp),
      lcp: median((s) => s.lcp),
      requests: median((s) => s.requests),
      jsWireKb: median((s) => s.js) / 1024,
    };
    console.log(`\n## 3b. /home in headless Chromium, ${LOADS} cold loads (median)\n`);
    table(
      ['FCP ms', 'LCP ms', 'requests', 'JS on the wire KB', 'LCP of each load ms'],
      [
        [
          fixed(result.fcp, 0),
          fixed(result.lcp, 0),
          result.requests,
          fixed(result.jsWireKb, 1),
          samples.map((s) => fixed(s.lcp, 0)).join(' '),
        ],
      ],
    );
    return result;
  } finally {
    await shop.close();
  }
}
