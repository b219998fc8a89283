/**
 * Bench section 3: the storefront's weight and first paint. (a) compressed initial JavaScript per
 * landing route from the build's manifest; (b) `/home` and a goods detail in headless Chromium,
 * 5 cold loads each (a new browser context each: empty cache) against the real gateway serving
 * the build, side by side: server-rendered with the page cache (as deployed: the first load
 * renders, later ones within the page's lifetime are answered from memory), server-rendered on
 * every request (WEB_SSR_PAGE_CACHE_ENTRIES=0) and client-rendered (WEB_SSR=false): FCP, LCP, the
 * LCP element, GraphQL requests started before LCP, the requests and the JavaScript bytes on the
 * wire; (c) the server render time at concurrency 8, and a page cache hit's answer time. Two reference rows show what the browser
 * itself costs on this machine: the same cold load of a one-line page (the floor no page can beat)
 * and of the server-rendered `/home` with its scripts blocked (the document's own first paint,
 * without hydration). Builds the web app first when it is stale.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { initialChunks, jsSizes, kb, readManifest } from '../scripts/bundle-size.ts';
import { buildWebIfStale } from '../tests/e2e/build-web.ts';
import { startShop } from '../tests/e2e/harness.ts';
import { fixed, percentile, table } from './lib.ts';
import { benchPictures } from './pictures.ts';
import { benchRenderCpu } from './render-cpu.ts';

const ROUTES: Array<[string, string]> = [
  ['/home', 'src/pages/home/HomePage.tsx'],
  ['/category', 'src/pages/category/CategoriesPage.tsx'],
  ['/goods/detail/:id', 'src/pages/goods/GoodsDetailPage.tsx'],
  ['/category/search-result', 'src/pages/search/SearchResultPage.tsx'],
  ['/cart', 'src/pages/cart/CartPage.tsx'],
  ['/login', 'src/pages/login/LoginPage.tsx'],
];
const LOADS = 5;

/** The smallest page with text in both scripts: what a cold load costs before any page content. */
const FLOOR_PAGE =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>乐购商城</title></head>' +
  '<body><h1>乐购商城 Shop</h1></body></html>';
const FLOOR_PATH = '/__bench-floor';

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

  // Side by side in one run, each on its own fresh stack.
  const modes = {
    ssr: { label: 'server, page cache', env: {} },
    render: { label: 'server, no page cache', env: { WEB_SSR_PAGE_CACHE_ENTRIES: '0' } },
    csr: { label: 'client', env: { WEB_SSR: 'false' } },
  } as const;
  type Mode = keyof typeof modes;
  const results: Record<Mode, Record<string, LoadResult>> = { ssr: {}, render: {}, csr: {} };
  for (const mode of Object.keys(modes) as Mode[]) {
    const shop = await startShop(modes[mode].env);
    try {
      const productId = await firstProductId(shop.origin);
      for (const [name, target] of [
        ['/home', '/home'],
        ['goods detail', `/goods/detail/${productId}`],
      ]) {
        results[mode][name] = await coldLoads(shop, target);
      }
      if (mode === 'ssr') {
        results.ssr['/home, scripts blocked'] = await coldLoads(shop, '/home', (page) =>
          page.route('**/*.js', (route) => route.abort()),
        );
        results.ssr['floor: a one-line page'] = await coldLoads(shop, FLOOR_PATH, (page) =>
          page.route(`**${FLOOR_PATH}`, (route) =>
            route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: FLOOR_PAGE }),
          ),
        );
        console.log(
          '\n## 3c. Concurrency 8, 64 requests: server render time (Server-Timing `render`; each address ' +
            'new, so none is a page cache hit) and a page cache hit (wall time of the whole answer)\n',
        );
        const rows: Array<Array<string | number>> = [];
        for (const target of ['/home', `/goods/detail/${productId}`]) {
          const renders = await renderTimes(shop.origin, target, 8, 64);
          const hits = await hitTimes(shop.origin, target, 8, 64);
          rows.push([target, 'render', fixed(percentile(renders, 50), 1), fixed(percentile(renders, 90), 1)]);
          rows.push([
            target,
            'page cache hit',
            fixed(percentile(hits, 50), 1),
            fixed(percentile(hits, 90), 1),
          ]);
        }
        table(['page', 'answered by', 'p50 ms', 'p90 ms'], rows);
      }
    } finally {
      await shop.close();
    }
  }
  console.log(`\n## 3b. ${LOADS} cold loads in headless Chromium (median), each a new browser context\n`);
  table(
    [
      'page',
      'render',
      'FCP ms',
      'LCP ms',
      'LCP element',
      'GraphQL before LCP',
      'requests',
      'JS KB',
      'LCP each',
    ],
    (Object.keys(modes) as Mode[]).flatMap((mode) =>
      Object.entries(results[mode]).map(([name, r]) => [
        name,
        modes[mode].label,
        fixed(r.fcp, 0),
        fixed(r.lcp, 0),
        r.lcpElement,
        r.graphqlBeforeLcp,
        r.requests,
        fixed(r.jsWireKb, 1),
        r.lcps.map((v) => fixed(v, 0)).join(' '),
      ]),
    ),
  );
  await benchRenderCpu();
  await benchPictures();
  const home = results.ssr['/home'];
  return { fcp: home.fcp, lcp: home.lcp, requests: home.requests, jsWireKb: home.jsWireKb };
}

interface LoadResult extends WebBench {
  lcpElement: string;
  graphqlBeforeLcp: number;
  lcps: number[];
}

async function firstProductId(origin: string): Promise<string> {
  const res = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: '{ hotProducts(page: { pageNum: 1, pageSize: 1 }) { records { id } } }' }),
  });
  const body = (await res.json()) as { data: { hotProducts: { records: Array<{ id: string }> } } };
  return body.data.hotProducts.records[0].id;
}

/**
 * `total` page requests, `concurrency` at a time; the render durations the gateway reports. Each
 * address carries its own query parameter, so every request is rendered.
 */
async function renderTimes(
  origin: string,
  target: string,
  concurrency: number,
  total: number,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const res = await fetch(`${origin}${target}?bench-render=${next}`, {
        headers: { accept: 'text/html' },
      });
      await res.arrayBuffer();
      const timing = res.headers.get('server-timing')?.match(/render;dur=([\d.]+)/)?.[1];
      if (!timing) throw new Error(`${target} was not rendered on the server`);
      times.push(Number(timing));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

/** The same page `total` times, `concurrency` at a time, once it is stored: whole answers, in ms. */
async function hitTimes(
  origin: string,
  target: string,
  concurrency: number,
  total: number,
): Promise<number[]> {
  const request = () =>
    fetch(`${origin}${target}`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  await (await request()).arrayBuffer();
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const started = performance.now();
      const res = await request();
      await res.arrayBuffer();
      // A page whose lifetime ends during the run is rendered again once: that answer is no hit.
      if (res.headers.get('server-timing')?.includes('page-cache')) times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (times.length < total / 2) throw new Error(`${target} was not answered from the page cache`);
  return times;
}

async function coldLoads(
  shop: Awaited<ReturnType<typeof startShop>>,
  target: string,
  prepare?: (page: Page) => Promise<unknown>,
): Promise<LoadResult> {
  const samples: Array<{
    fcp: number;
    lcp: number;
    element: string;
    graphql: number;
    requests: number;
    js: number;
  }> = [];
  for (let i = 0; i < LOADS; i += 1) {
    const context = await shop.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await prepare?.(page);
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
    await page.goto(`${shop.origin}${target}`, { waitUntil: 'networkidle' });
    const paint = await page.evaluate(
      () =>
        new Promise<{ fcp: number; lcp: number; element: string; graphql: number }>((resolve) => {
          let lcp = 0;
          let element = '';
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
              if (entry.startTime < lcp) continue;
              lcp = entry.startTime;
              const el = entry.element;
              element = el ? `${el.tagName.toLowerCase()}${el.closest('footer') ? ' (footer)' : ''}` : '?';
            }
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          setTimeout(() => {
            const graphql = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.name.includes('/graphql') && entry.startTime < lcp).length;
            resolve({ fcp, lcp, element, graphql });
          }, 300);
        }),
    );
    await Promise.all(sizes);
    samples.push({ ...paint, requests, js });
    await context.close();
  }
  const median = (pick: (s: (typeof samples)[number]) => number) => percentile(samples.map(pick), 50);
  const elements = [...new Set(samples.map((s) => s.element))].join('/');
  return {
    fcp: median((s) => s.fcp),
    lcp: median((s) => s.lcp),
    requests: median((s) => s.requests),
    jsWireKb: median((s) => s.js) / 1024,
    lcpElement: elements,
    graphqlBeforeLcp: Math.max(...samples.map((s) => s.graphql)),
    lcps: samples.map((s) => s.lcp),
  };
}
