/**
 * Bench section 7: where the page cache keeps its pages and what a visitor after expiry waits
 * for, side by side in one run against the real gateway serving the build. (a) page-cache hits of
 * `/home` and `/category` at concurrency 8, pages kept in the gateway's memory and in Redis
 * (REDIS_URL, Debian's redis-server on loopback): answer time and answers per second; (b) the first
 * visitor after a page's lifetime, answered stale while the render runs behind (pages of
 * GATEWAY_PUBLIC_MAX_AGE=2), beside a render of a page not stored (what that visitor would
 * otherwise wait for). Builds the web app first when it is stale.
 */

import { startRedis } from '../scripts/redis.ts';
import { buildWebIfStale } from '../tests/e2e/build-web.ts';
import { startShop } from '../tests/e2e/harness.ts';
import { fixed, percentile, table } from './lib.ts';

const CONCURRENCY = 8;
const HITS = 400;
const STALE_PAGES = 8;

const ask = (origin: string, target: string) =>
  fetch(`${origin}${target}`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });

/** `total` answers of a stored page, CONCURRENCY at a time: each answer's time, and the whole run's. */
async function hits(origin: string, target: string, total: number) {
  await (await ask(origin, target)).arrayBuffer();
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      const at = performance.now();
      const res = await ask(origin, target);
      await res.arrayBuffer();
      if (res.headers.get('server-timing')?.includes('page-cache')) times.push(performance.now() - at);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (times.length < total * 0.9) throw new Error(`${target} was not answered from the page cache`);
  return { times, perSecond: total / seconds };
}

/** One answer's time in ms, and whether the page cache gave it. */
async function timed(origin: string, target: string) {
  const at = performance.now();
  const res = await ask(origin, target);
  await res.arrayBuffer();
  return {
    ms: performance.now() - at,
    hit: Boolean(res.headers.get('server-timing')?.includes('page-cache')),
  };
}

export async function benchPages(): Promise<void> {
  buildWebIfStale();
  const redis = await startRedis();
  const rows: Array<Array<string | number>> = [];
  try {
    for (const [label, env] of [
      ['memory', {}],
      ['Redis', { REDIS_URL: redis.url }],
    ] as const) {
      const shop = await startShop(env);
      try {
        for (const target of ['/home', '/category']) {
          const run = await hits(shop.origin, target, HITS);
          rows.push([
            target,
            label,
            fixed(percentile(run.times, 50), 2),
            fixed(percentile(run.times, 90), 2),
            fixed(run.perSecond, 0),
          ]);
        }
      } finally {
        await shop.close();
      }
    }
  } finally {
    await redis.stop();
  }
  console.log(
    `\n## 7a. Page-cache hits at concurrency ${CONCURRENCY}, ${HITS} answers each (brotli), pages in memory and in Redis\n`,
  );
  table(['page', 'pages kept in', 'p50 ms', 'p90 ms', 'answers/s'], rows);

  const shop = await startShop({ GATEWAY_PUBLIC_MAX_AGE: '2', GATEWAY_STOCK_MAX_AGE: '1' });
  try {
    const addresses = Array.from(
      { length: STALE_PAGES },
      (_, i) => `/category?bench-stale=${i}-${Date.now()}`,
    );
    // A fresh process renders its first pages slowly (code not yet compiled): not what is measured.
    for (let i = 0; i < 3; i += 1) await timed(shop.origin, `/category?bench-warm=${i}`);
    // Each stored once, then asked again once its 2 s lifetime has passed.
    const renders: number[] = [];
    for (const address of addresses) renders.push((await timed(shop.origin, address)).ms);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const stale: number[] = [];
    for (const address of addresses) {
      const answer = await timed(shop.origin, address);
      if (!answer.hit) throw new Error(`${address} was not answered stale`);
      stale.push(answer.ms);
      // the render behind the answer, before the next one is measured
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    console.log(
      `\n## 7b. The first visitor after a page's lifetime (${STALE_PAGES} pages of /category, sequential)\n`,
    );
    table(
      ['answered by', 'p50 ms', 'max ms'],
      [
        ['a render (page not stored)', fixed(percentile(renders, 50), 1), fixed(Math.max(...renders), 1)],
        ['the stale page, render behind it', fixed(percentile(stale, 50), 1), fixed(Math.max(...stale), 1)],
      ],
    );
    console.log(
      `\nstale answer / render (p50): ${fixed(percentile(stale, 50) / percentile(renders, 50), 3)}`,
    );
  } finally {
    await shop.close();
  }
}
