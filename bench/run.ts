/**
 * `npm run bench`: prints tables and ratios (it asserts nothing; the suites do that). Sections:
 *   1 gateway  — gateway (POST and anonymous GET, browser encodings) vs a raw undici pass-through
 *                proxy vs the service vs bare Apollo on the gateway's front and on Express,
 *                uncached and cached, then nginx's edge cache in front; the targets beside
 *   2 calls    — upstream REST calls per operation (home, cart 1/10/50, order list 1/20)
 *   3 web      — compressed initial JS per route, /home FCP/LCP in headless Chromium, CPU per
 *                rendered page (`render` runs only that part)
 *   4 service  — product page and order placement on SQLite (and PostgreSQL when configured)
 *   5 soak     — mixed shopper traffic through the gateway for SOAK_SECONDS (60) at
 *                SOAK_CONCURRENCY (50): op/s, p50/p99, errors, RSS, stock consistency
 *   6 search   — search on a generated catalogue of 10,000 and 100,000 products, both databases
 *   7 pages    — page-cache hits with pages in memory and in Redis; a stale answer beside a render
 *   8 telemetry — gateway throughput and render CPU with tracing at 10 % vs off vs no telemetry
 *   9 import   — 10,000 products from an .xlsx: dry run and import, time and peak memory
 *  10 freshness — a product page after an edit: time until the new price shows, caches on (memory,
 *                and two gateways sharing Redis); what knowing the catalogue's generation costs
 *  11 lighthouse — Lighthouse's mobile preset on six pages (cart signed in), 3 runs each: the four
 *                scores per run, medians beside the targets, and /home's initial JS
 *  12 slow      — a phone on Chromium's Slow 3G, cold, 390 px: /home and a goods page in both
 *                languages: FCP, LCP, hydrated, bytes until hydrated, the targets beside
 * `npm run bench -- gateway web` runs only those. Loopback only; about a minute and a half without
 * soak (two more minutes) and search (about four more with PostgreSQL).
 * BENCH_SECONDS (per measured path, default 6), BENCH_CONCURRENCY (32), BENCH_ROUNDS (3),
 * BENCH_SEQUENTIAL (sequential requests per path and round, 150), BENCH_DATABASE_URL,
 * BENCH_SEARCH_SIZES (10000,100000), BENCH_SEARCH_RUNS (40).
 */
import os from 'node:os';
import { benchFreshness } from './freshness.ts';
import { benchGateway } from './gateway.ts';
import { benchImport } from './import.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPages } from './pages.ts';
import { benchRenderCpu } from './render-cpu.ts';
import { benchSearch } from './search.ts';
import { benchService } from './service.ts';
import { benchSlowNetwork } from './slow-network.ts';
import { benchSoak } from './soak.ts';
import { benchTelemetry } from './telemetry.ts';
import { benchUpstreamCalls } from './upstream-calls.ts';
import { benchWeb } from './web.ts';

const sections: Record<string, () => Promise<unknown>> = {
  gateway: benchGateway,
  calls: benchUpstreamCalls,
  web: benchWeb,
  render: benchRenderCpu,
  service: benchService,
  soak: benchSoak,
  search: benchSearch,
  pages: benchPages,
  telemetry: benchTelemetry,
  import: benchImport,
  freshness: benchFreshness,
  lighthouse: benchLighthouse,
  slow: benchSlowNetwork,
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((arg) => !(arg in sections));
if (unknown.length > 0) {
  console.error(`unknown section ${unknown.join(', ')}: choose from ${Object.keys(sections).join(', ')}`);
  process.exit(2);
}
const started = Date.now();
const cpus = os.cpus();
console.log(
  `# shop benchmark — ${new Date().toISOString()}, node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim()}, ` +
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
);
for (const name of wanted.length > 0 ? wanted : Object.keys(sections)) await sections[name]();
console.log(`\nbench done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
// A section that measured failed answers sets exitCode (its ratios are void).
process.exit(process.exitCode ?? 0);
