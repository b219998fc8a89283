/**
 * Bench section 3d: CPU per server-rendered page, as `npm start` runs the shop (no NODE_ENV, the
 * built web app, SQLite in a fresh data folder, each process's telemetry register module: metrics
 * on, no traces; BENCH_RENDER_TELEMETRY=off leaves them out, to see what they cost). The gateway's and the service's CPU come from
 * /proc, read before and after each run of BENCH_RENDER_SECONDS (8) at concurrency
 * BENCH_RENDER_CONCURRENCY (4), and are divided by the pages answered: a signed-in `/home`, an
 * anonymous `/home` and a goods page each rendered (a query parameter of their own per request
 * keeps the page cache out), beside a page cache hit and a static file. BENCH_RENDER_ONLY
 * (comma-separated parts of the case names) measures only those.
 * BENCH_RENDER_BASELINE=<another build of web/dist-ssr/entry-server.js> adds a second gateway
 * rendering with that bundle beside the first (same service): the two take turns in rounds of a
 * second, so both rows see the same load on the machine and their ratio is the saving.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Agent, request } from 'undici';
import { freePort } from '../scripts/free-port.ts';
import { GATEWAY_NODE_FLAGS } from '../scripts/node-flags.ts';
import { buildWebIfStale } from '../tests/e2e/build-web.ts';
import { publicQuery } from '../tests/e2e/harness.ts';
import { cpuMillis } from './gateway.ts';
import { type Child, fixed, loop, percentile, startChild, table } from './lib.ts';

const SECONDS = Number(process.env.BENCH_RENDER_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_RENDER_CONCURRENCY ?? 4);
/** BENCH_RENDER_ONLY=signed-in,goods: only the cases whose names contain one of these. */
const ONLY = process.env.BENCH_RENDER_ONLY?.split(',').filter(Boolean);
const BASELINE = process.env.BENCH_RENDER_BASELINE;
const TELEMETRY = process.env.BENCH_RENDER_TELEMETRY !== 'off';
/** A process's telemetry register module, loaded as `npm start` loads it unless BENCH_RENDER_TELEMETRY=off. */
const telemetryOf = (part: 'gateway' | 'service') =>
  TELEMETRY ? [`./${part}/src/telemetry/register.ts`] : [];

export interface RenderCpuRow {
  name: string;
  pages: number;
  gatewayMs: number;
  serviceMs: number;
}

/** How one kind of page is asked for, and how its answer is known to be the right one. */
export interface Case {
  name: string;
  path: (i: number) => string;
  cookie?: string;
  /** The answer is what this case measures (rendered, or a page cache hit, or a file). */
  check: (status: number, serverTiming: string, body: string) => boolean;
}

const rendered = (status: number, timing: string, body: string) =>
  status === 200 && /render;dur=/.test(timing) && body.includes('window.__SHOP_SSR__');

/** Service and gateway(s): the gateway as built, and one rendering with `baselineBundle` if given. */
async function startShop(
  dir: string,
  gatewayNodeArgs: string[],
  baselineBundle: string | undefined,
): Promise<{ service: Child; gateways: Array<{ label: string; child: Child }> }> {
  const servicePort = await freePort();
  // As `npm start` runs them: NODE_ENV unset (empty), the playground and introspection on, each
  // process with its telemetry register module (metrics on a port of its own, no traces).
  const common = { NODE_ENV: '', DATA_DIR: dir, LOG_LEVEL: 'warn' };
  const service = await startChild(
    'service/src/main.ts',
    { ...common, SERVICE_PORT: String(servicePort), SERVICE_METRICS_PORT: String(await freePort()) },
    servicePort,
    '/service/shop/system/config',
    [],
    telemetryOf('service'),
  );
  const gateways: Array<{ label: string; child: Child }> = [];
  const secret = randomBytes(32).toString('base64url');
  try {
    const variants: Array<[string, Record<string, string>]> = [['as built', {}]];
    if (baselineBundle) variants.push(['baseline', { WEB_SSR_BUNDLE: path.resolve(baselineBundle) }]);
    for (const [label, env] of variants) {
      const gatewayPort = await freePort();
      const child = await startChild(
        'gateway/src/main.ts',
        {
          ...common,
          PUBLIC_ORIGIN: `http://127.0.0.1:${gatewayPort}`,
          GATEWAY_PORT: String(gatewayPort),
          SHOP_SERVICE_URL: service.url,
          SESSION_SECRET: secret,
          GATEWAY_METRICS_PORT: String(await freePort()),
          ...env,
        },
        gatewayPort,
        '/healthz',
        [...GATEWAY_NODE_FLAGS, ...gatewayNodeArgs],
        telemetryOf('gateway'),
      );
      gateways.push({ label, child });
    }
    return { service, gateways };
  } catch (error) {
    await Promise.all(gateways.map(({ child }) => child.stop()));
    await service.stop();
    throw error;
  }
}

async function graphql(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ body: { data?: Record<string, unknown> }; cookie: string }> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query, variables }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { body: (await res.json()) as { data?: Record<string, unknown> }, cookie };
}

export interface RenderShop {
  service: Child;
  /** The gateway as built first; with BENCH_RENDER_BASELINE, the baseline's second. */
  gateways: Array<{ label: string; child: Child }>;
  /** The pages measured, in the order of the table. */
  cases: Case[];
  /**
   * Asks a gateway (the first by default) for one page of a case (`i` makes its address); true
   * when the answer is the one measured.
   */
  send: (item: Case, i: number, gateway?: Child) => Promise<boolean>;
  /** One page of a case as a browser receives it (decompressed). */
  page: (
    item: Case,
    i: number,
    gateway?: Child,
  ) => Promise<{ status: number; serverTiming: string; body: string }>;
}

/**
 * The shop as `npm start` runs it (extra node flags for the gateway, such as `--cpu-prof`), with a
 * signed-in shopper and the cases measured; stopped after `use`.
 */
export async function withRenderShop<T>(
  gatewayNodeArgs: string[],
  use: (shop: RenderShop) => Promise<T>,
): Promise<T> {
  buildWebIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-render-'));
  const { service, gateways } = await startShop(dir, gatewayNodeArgs, BASELINE);
  const gateway = gateways[0].child;
  const dispatcher = new Agent({ connections: CONCURRENCY });
  try {
    const { hotProducts } = await publicQuery<{ hotProducts: { records: Array<{ id: string }> } }>(
      gateway.url,
      '{ hotProducts(page: { pageNum: 1, pageSize: 1 }) { records { id } } }',
    );
    const productId = hotProducts.records[0].id;
    const suffix = String(Date.now()).slice(-7);
    const signUp = await graphql(
      gateway.url,
      'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
      {
        input: {
          username: `bench_${suffix}`,
          password: 'Passw0rd.bench',
          phone: `139${suffix.padStart(8, '0')}`,
        },
      },
    );
    if (!signUp.cookie.includes('shop_session=')) throw new Error('the bench shopper was not signed in');
    const asset = fs
      .readdirSync('web/dist/assets')
      .find((name) => name.startsWith('index-') && name.endsWith('.js'));
    if (!asset) throw new Error('web/dist/assets has no entry script');

    const cases: Case[] = [
      {
        name: 'signed-in /home (rendered)',
        path: () => '/home',
        cookie: signUp.cookie,
        check: (status, timing, body) => rendered(status, timing, body) && body.includes(`bench_${suffix}`),
      },
      { name: 'anonymous /home (rendered)', path: (i) => `/home?bench-render=${i}`, check: rendered },
      {
        name: 'goods page (rendered)',
        path: (i) => `/goods/detail/${productId}?bench-render=${i}`,
        check: rendered,
      },
      {
        // A page whose lifetime ends during the run is rendered again once (its CPU counts here).
        name: '/home from the page cache',
        path: () => '/home',
        check: (status) => status === 200,
      },
      {
        name: `static file (${asset.slice(0, 12)}…js)`,
        path: () => `/assets/${asset}`,
        check: (status) => status === 200,
      },
    ];

    const page = async (item: Case, i: number, to = gateway) => {
      const res = await request(`${to.url}${item.path(i)}`, {
        dispatcher,
        headers: {
          accept: 'text/html',
          'accept-encoding': 'br',
          ...(item.cookie ? { cookie: item.cookie } : {}),
        },
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      // Pages travel as browsers ask for them (brotli); the check reads them as text.
      const body = (
        res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(bytes) : bytes
      ).toString('utf8');
      return { status: res.statusCode, serverTiming: String(res.headers['server-timing'] ?? ''), body };
    };
    const send = async (item: Case, i: number, to = gateway) => {
      const { status, serverTiming, body } = await page(item, i, to);
      return item.check(status, serverTiming, body);
    };
    return await use({ service, gateways, cases, send, page });
  } finally {
    await dispatcher.close();
    // The gateways first: their last requests may still ask the service.
    await Promise.all(gateways.map(({ child }) => child.stop()));
    await service.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const perPage = (row: RenderCpuRow) => row.gatewayMs + row.serviceMs;

/** The address compared between bundles: outside the ranges measured, so it is no page-cache hit there. */
const COMPARED = 9_000_000;

/** A page as its reader gets it, less what differs per answer and gateway (nonce, origin). */
const comparable = (html: string, origin: string) =>
  html
    .replace(/ nonce="[^"]*"/g, '')
    .replaceAll(origin, 'https://shop.example')
    // The hydration state is an object: the order its entries were written in says nothing.
    .replace(
      /(window\.__SHOP_SSR__=)(.*?)(<\/script>)/s,
      (_, start, json, end) => start + sorted(JSON.parse(json)) + end,
    );

/** JSON with every object's keys in order. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );

/** Where two pages first differ, with a little of each around it; null when they are the same. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return `at character ${at}: ${around(a)} against ${around(b)}`;
}

export async function benchRenderCpu(): Promise<RenderCpuRow[]> {
  return withRenderShop([], async ({ service, gateways, cases, send, page }) => {
    const rows: RenderCpuRow[] = [];
    const cells: Array<Array<string | number>> = [];
    const rounds = gateways.length > 1 ? Math.max(1, Math.round(SECONDS)) : 1;
    const measured = cases.filter(({ name }) => !ONLY || ONLY.some((part) => name.includes(part)));
    // A faster render must be the same page: each rendered case, one address, from both bundles.
    if (gateways.length > 1) {
      for (const item of measured.filter(({ name }) => name.includes('(rendered)'))) {
        const [built, baseline] = await Promise.all(
          gateways
            .slice(0, 2)
            .map(async ({ child }) => comparable((await page(item, COMPARED, child)).body, child.url)),
        );
        const difference = firstDifference(built, baseline);
        if (difference) process.exitCode = 1;
        console.log(
          `${item.name}: ${difference ? `differs from the baseline's ${difference}` : 'the same page as the baseline'}`,
        );
      }
    }
    for (const item of measured) {
      const totals = gateways.map(() => ({
        pages: 0,
        failures: 0,
        gatewayMs: 0,
        serviceMs: 0,
        latencies: [] as number[],
      }));
      // Warm-up: code compiled, caches (response cache, page cache) as a running shop has them.
      for (const { child } of gateways) await loop(CONCURRENCY, 1, (i) => send(item, 1e6 + i, child), 40);
      for (let round = 0; round < rounds; round += 1) {
        for (const [index, { child }] of gateways.entries()) {
          const gatewayBefore = cpuMillis(child);
          const serviceBefore = cpuMillis(service);
          const result = await loop(CONCURRENCY, SECONDS / rounds, (i) => send(item, round * 1e5 + i, child));
          const total = totals[index];
          total.gatewayMs += cpuMillis(child) - gatewayBefore;
          total.serviceMs += cpuMillis(service) - serviceBefore;
          total.pages += result.requests;
          total.failures += result.failures;
          total.latencies.push(...result.latencies);
        }
      }
      for (const [index, { label }] of gateways.entries()) {
        const total = totals[index];
        const gatewayMs = total.gatewayMs / total.pages;
        const serviceMs = total.serviceMs / total.pages;
        if (total.failures > 0) process.exitCode = 1;
        const name = gateways.length > 1 ? `${item.name}, ${label}` : item.name;
        rows.push({ name, pages: total.pages, gatewayMs, serviceMs });
        cells.push([
          name,
          total.pages,
          total.failures,
          fixed(percentile(total.latencies, 50), 1),
          fixed(gatewayMs, 2),
          fixed(serviceMs, 2),
          fixed(gatewayMs + serviceMs, 2),
          // the baseline's row: its CPU per page over the built one's (the row `index` rows up)
          ...(gateways.length > 1
            ? [index === 0 ? '' : fixed(perPage(rows.at(-1)!) / perPage(rows.at(-1 - index)!), 2)]
            : []),
        ]);
      }
    }
    console.log(
      `\n## 3d. CPU per page as \`npm start\` runs the shop (gateway and service CPU from /proc, ` +
        `${SECONDS} s at concurrency ${CONCURRENCY} each, brotli${gateways.length > 1 ? `; baseline bundle ${BASELINE}, in ${rounds} alternating rounds` : ''})\n`,
    );
    table(
      [
        'page',
        'answers',
        'failed',
        'p50 ms',
        'gateway CPU ms',
        'service CPU ms',
        'CPU ms per page',
        ...(gateways.length > 1 ? ['baseline / as built'] : []),
      ],
      cells,
    );
    return rows;
  });
}
