/**
 * Bench section 1: the gateway against a raw undici pass-through proxy, the service itself and
 * bare Apollo (bench/bare-apollo.ts) on the gateway's own /graphql front and on Express, each in
 * its own process on a temporary SQLite database, for one product-detail read; then nginx with
 * deploy/nginx.conf's edge cache in front of the gateway.
 *
 * Every request is what a browser sends: `Accept-Encoding: br, gzip` (answers are checked, not
 * decoded: the first answer of each path is decoded and read in full, the rest by status and
 * size). The gateway is asked for the goods page's own document as a registered persisted query,
 * by POST and, anonymously, by GET with the header Apollo's CSRF rule asks of a GET; the REST
 * paths GET /service/shop/product/:id. Uncached requests carry a changing unused variable, so
 * they miss the response cache while the document stays the same (as real traffic does); cached
 * ones repeat the same request. Each round measures every path at a concurrency, then one request
 * at a time: the figures are medians of rounds, which see the same drift of the machine's load.
 * It ends with the targets beside what this run measured.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Pool } from 'undici';
import { freePort } from '../scripts/free-port.ts';
import { type Nginx, startNginx } from '../scripts/nginx.ts';
import { type Child, fixed, loop, percentile, startBenchService, startChild, table } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Sequential requests per path in each round. */
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 150);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Unmeasured requests of a scenario right before each of its measured loops. */
const WARM_UP_SECONDS = 0.5;
/** Linux' USER_HZ, the unit of /proc/<pid>/stat CPU times. */
const CLOCK_TICKS = 100;
/** What a browser says it takes. */
const ACCEPT_ENCODING = 'br, gzip';
const ROOT = path.resolve(import.meta.dirname, '..');
/** The web build the gateway serves pages from, when `npm run build` has made it. */
const WEB_DIST = path.join(ROOT, 'web/dist');

interface Stack {
  service: Child;
  proxy: Child;
  gateway: Child;
  /** bench/bare-apollo.ts on the gateway's /graphql front: the floor of a server built like the gateway. */
  bareFront: Child;
  /** bench/bare-apollo.ts on Express, the usual way to serve Apollo. */
  bareExpress: Child;
}

/** Starts service, raw proxy, bare Apollo and gateway (extra gateway env, e.g. for profiling); stops them after `use`. */
export async function withStack<T>(
  gatewayEnv: Record<string, string>,
  use: (stack: Stack) => Promise<T>,
  gatewayNodeArgs: string[] = [],
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-stack-'));
  const children: Child[] = [];
  try {
    const service = await startBenchService(dir);
    children.push(service);
    const proxyPort = await freePort();
    const proxy = await startChild(
      'bench/raw-proxy.ts',
      { PROXY_PORT: String(proxyPort), SHOP_SERVICE_URL: service.url },
      proxyPort,
      '/service/shop/system/config',
    );
    children.push(proxy);
    const bare = async (front: 'node' | 'express') => {
      const port = await freePort();
      const child = await startChild(
        'bench/bare-apollo.ts',
        { BARE_PORT: String(port), BARE_FRONT: front, SHOP_SERVICE_URL: service.url, NODE_ENV: 'production' },
        port,
        '/healthz',
      );
      children.push(child);
      return child;
    };
    const bareFront = await bare('node');
    const bareExpress = await bare('express');
    const secret = randomBytes(32).toString('base64url');
    const gatewayPort = await freePort();
    const gateway = await startChild(
      'gateway/src/main.ts',
      {
        GATEWAY_PORT: String(gatewayPort),
        SHOP_SERVICE_URL: service.url,
        DATA_DIR: dir,
        SESSION_SECRET: secret,
        WEB_DIST: path.join(dir, 'no-web'),
        // As deployed: graphql-js, Express and Apollo skip their development-time checks.
        NODE_ENV: 'production',
        ...gatewayEnv,
      },
      gatewayPort,
      '/healthz',
      gatewayNodeArgs,
    );
    children.push(gateway);
    return await use({ service, proxy, gateway, bareFront, bareExpress });
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The id (sha256) of one of the web app's operations in the manifest `npm run codegen` writes. */
export function manifestId(name: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'web/src/__generated__/operations.json'), 'utf8'),
  ) as { operations: Array<{ id: string; name: string }> };
  const operation = manifest.operations.find((entry) => entry.name === name);
  if (!operation) throw new Error(`${name} is not in the operation manifest (npm run codegen)`);
  return operation.id;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; NaN elsewhere). */
function pidCpuMillis(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** User + system CPU time of a child process so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMillis(child: Child): number {
  return pidCpuMillis(child.process.pid);
}

/** The CPU of a process and its direct children (nginx's master and workers), in ms. */
function treeCpuMillis(pid: number | undefined): number {
  let total = pidCpuMillis(pid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) total += pidCpuMillis(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** deploy/nginx.conf without its per-client limits: the bench is one client asking far beyond them. */
const withoutClientLimits = (conf: string) =>
  conf
    .split('\n')
    .filter((line) => !/^\s*limit_(req|conn)\s+(zone=|shop_)/.test(line))
    .join('\n');

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One measured path: how to ask, what a right answer contains, and whose CPU it costs. */
interface Scenario {
  name: string;
  pool: Pool;
  request: (i: number) => Request;
  /** Text every right answer holds (checked in full on the first answer, decoded). */
  marker: string;
  cpu: () => number;
  /** Answers per X-Cache-Status (nginx's edge cache), when it says one. */
  cacheStatus: Map<string, number>;
  /** The encoding of the first answer ('identity' when none). */
  encoding?: string;
}

async function send(scenario: Scenario, i: number): Promise<boolean> {
  const { method, path: address, headers, body } = scenario.request(i);
  const res = await scenario.pool.request({
    method,
    path: address,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
    body,
  });
  const cache = res.headers['x-cache-status'];
  if (typeof cache === 'string') scenario.cacheStatus.set(cache, (scenario.cacheStatus.get(cache) ?? 0) + 1);
  if (res.headers['content-encoding'] === undefined) {
    const text = await res.body.text();
    return res.statusCode === 200 && text.includes(scenario.marker);
  }
  // Compressed: counted, not decoded (a browser's work, not the server's).
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  return res.statusCode === 200 && bytes > 0;
}

/** The first answer of a path, decoded and read in full; its encoding is remembered. */
async function check(scenario: Scenario): Promise<string | null> {
  const { method, path: address, headers, body } = scenario.request(0);
  const res = await scenario.pool.request({
    method,
    path: address,
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
    body,
  });
  const raw = Buffer.from(await res.body.arrayBuffer());
  const encoding = res.headers['content-encoding'];
  scenario.encoding = typeof encoding === 'string' ? encoding : 'identity';
  const text = (
    encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw
  ).toString('utf8');
  if (res.statusCode === 200 && text.includes(scenario.marker)) return null;
  return `${scenario.name}: ${res.statusCode} ${text.slice(0, 200)}`;
}

interface Measured {
  /** Per round: requests per second at the concurrency. */
  rps: number[];
  /** Per round: sequential p50, ms. */
  seqP50: number[];
  p50: number;
  /** Per round: CPU ms per request of the answering process. */
  cpu: number[];
  requests: number;
  failures: number;
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : Number.NaN;
};

/** Measures every scenario in `ROUNDS` interleaved rounds (warm-up and a checked first answer before). */
async function measure(scenarios: Scenario[]): Promise<{ results: Measured[]; problems: string[] }> {
  const problems: string[] = [];
  for (const scenario of scenarios) {
    const problem = await check(scenario).catch((error: Error) => `${scenario.name}: ${error.message}`);
    if (problem) problems.push(problem);
    await loop(8, 1, (i) => send(scenario, 1_000_000 + i)); // warm-up: JIT, connections, document store
    scenario.cacheStatus.clear();
  }
  const results: Measured[] = scenarios.map(() => ({
    rps: [],
    seqP50: [],
    p50: Number.NaN,
    cpu: [],
    requests: 0,
    failures: 0,
  }));
  const latencies: number[][] = scenarios.map(() => []);
  // Uncached paths never repeat a nonce: each loop starts past the numbers the last one used.
  let nonce = 2_000_000;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Every other round runs backwards: whichever scenario follows a process's idle stretch (the
    // gateway's uncached POST, after the service and the raw proxy) is not always the same one.
    const order = [...scenarios.entries()];
    for (const [index, scenario] of round % 2 === 0 ? order : order.reverse()) {
      const result = results[index];
      // Each scenario warms up again before its measured loop: a process that sat idle while the
      // scenarios before it ran answers its first few hundred requests slower, which otherwise
      // lands on whichever of its scenarios comes first in the round (swapping the gateway's POST
      // and GET moved a third more CPU per request from one to the other).
      await loop(CONCURRENCY, WARM_UP_SECONDS, (i) => send(scenario, nonce + i));
      nonce += 1_000_000;
      const cpuBefore = scenario.cpu();
      const busy = await loop(CONCURRENCY, SECONDS / ROUNDS, (i) => send(scenario, nonce + i));
      // A median of rounds, like the other figures: the first round of a process's first scenario
      // also pays for V8 compiling its hot code on background threads (in the process's CPU), up to
      // twice a later round's CPU per request on the gateway's uncached POST.
      result.cpu.push((scenario.cpu() - cpuBefore) / busy.requests);
      nonce += 1_000_000;
      result.rps.push(busy.requests / busy.seconds);
      result.requests += busy.requests;
      result.failures += busy.failures;
      latencies[index].push(...busy.latencies);
      const alone = await loop(1, SECONDS / ROUNDS, (i) => send(scenario, nonce + i), SEQUENTIAL);
      nonce += 1_000_000;
      result.seqP50.push(percentile(alone.latencies, 50));
      result.failures += alone.failures;
    }
  }
  for (const [index, result] of results.entries()) result.p50 = percentile(latencies[index], 50);
  return { results, problems };
}

/** The gateway's hand-written lines (gateway/src without generated code), as `wc -l` counts them. */
function gatewayLines(): number {
  let lines = 0;
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__generated__') visit(file);
      } else if (/\.tsx?$/.test(entry.name)) {
        lines += fs.readFileSync(file, 'utf8').split('\n').length - 1;
      }
    }
  };
  visit(path.join(ROOT, 'gateway/src'));
  return lines;
}

const mark = (pass: boolean) => (pass ? '✓' : '✗');

export async function benchGateway(): Promise<void> {
  const pages = fs.existsSync(path.join(WEB_DIST, 'index.html'));
  // Behind nginx as deployed: the gateway believes its forwarding headers.
  const gatewayEnv: Record<string, string> = { GATEWAY_TRUST_PROXY: '127.0.0.1' };
  if (pages) gatewayEnv.WEB_DIST = WEB_DIST;
  await withStack(gatewayEnv, async ({ service, proxy, gateway, bareFront, bareExpress }) => {
    const pools = new Map<string, Pool>();
    const poolOf = (url: string) => {
      const pool = pools.get(url) ?? new Pool(url, { connections: CONCURRENCY, pipelining: 1 });
      pools.set(url, pool);
      return pool;
    };
    let nginx: Nginx | null = null;
    try {
      const servicePool = poolOf(service.url);
      const page = await servicePool.request({
        method: 'GET',
        path: '/service/shop/product/page?pageSize=1',
      });
      const firstId = ((await page.body.json()) as { data: { records: Array<{ id: number }> } }).data
        .records[0].id;
      const restPath = `/service/shop/product/${firstId}`;
      // As the web app sends it: the persisted-query hash of its own manifest entry, no text (a
      // production gateway runs only safelisted operations).
      const sha256Hash = manifestId('GoodsDetailPage');
      const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
      const variables = (cached: boolean, i: number) =>
        cached ? { id: String(firstId) } : { id: String(firstId), nonce: i };

      const rest = (): Scenario['request'] => () => ({ method: 'GET', path: restPath });
      const post =
        (cached: boolean): Scenario['request'] =>
        (i) => ({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            variables: variables(cached, i),
            operationName: 'GoodsDetailPage',
            extensions: { persistedQuery: { version: 1, sha256Hash } },
          }),
        });
      const get =
        (cached: boolean): Scenario['request'] =>
        (i) => ({
          method: 'GET',
          path:
            `/graphql?operationName=GoodsDetailPage&variables=${encodeURIComponent(JSON.stringify(variables(cached, i)))}` +
            `&extensions=${encodeURIComponent(extensions)}`,
          // Apollo refuses a GET without a header a cross-site form cannot send (CSRF).
          headers: { 'apollo-require-preflight': 'true' },
        });
      const bareQuery =
        (cached: boolean): Scenario['request'] =>
        (i) => ({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query:
              'query P($id: ID!, $nonce: Int) { product(id: $id, nonce: $nonce) { id name description stock price } }',
            variables: variables(cached, i),
          }),
        });
      const scenario = (
        name: string,
        child: Child,
        request: Scenario['request'],
        marker: string,
        cpu: () => number = () => cpuMillis(child),
        pool: Pool = poolOf(child.url),
      ): Scenario => ({ name, pool, request, marker, cpu, cacheStatus: new Map() });

      const product = '"product":{"id"';
      const scenarios: Scenario[] = [
        scenario('service direct (REST)', service, rest(), '"success":true'),
        scenario('raw proxy (REST)', proxy, rest(), '"success":true'),
        scenario('gateway uncached, POST', gateway, post(false), product),
        scenario('gateway uncached, GET', gateway, get(false), product),
        scenario('gateway cached, POST', gateway, post(true), product),
        scenario('gateway cached, GET', gateway, get(true), product),
        scenario('bare Apollo, same front, uncached', bareFront, bareQuery(false), product),
        scenario('bare Apollo, same front, cached', bareFront, bareQuery(true), product),
        scenario('bare Apollo on Express, uncached', bareExpress, bareQuery(false), product),
        scenario('bare Apollo on Express, cached', bareExpress, bareQuery(true), product),
      ];
      let nginxNote = '';
      try {
        nginx = await startNginx({
          port: await freePort(),
          upstreams: [{ address: new URL(gateway.url).host }],
          stdio: 'ignore',
          edit: withoutClientLimits,
        });
        const edge = poolOf(nginx.url);
        const nginxPid = (await fs.promises.readFile(path.join(nginx.prefix, 'nginx.pid'), 'utf8')).trim();
        const edgeCpu = () => treeCpuMillis(Number(nginxPid));
        scenarios.push(scenario('nginx edge, GET cached', gateway, get(true), product, edgeCpu, edge));
        if (pages) {
          scenarios.push(
            scenario(
              'nginx edge, anonymous /home',
              gateway,
              () => ({ method: 'GET', path: '/home', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } }),
              '<html',
              edgeCpu,
              edge,
            ),
          );
        } else {
          nginxNote = 'no web build (npm run build): /home through nginx left out';
        }
      } catch (error) {
        nginxNote = `nginx left out: ${(error as Error).message.split('\n')[0]}`;
      }

      const { results, problems } = await measure(scenarios);
      const byName = (name: string) => results[scenarios.findIndex((entry) => entry.name === name)];

      console.log(
        `\n## 1. Gateway vs raw proxy vs service vs bare Apollo — product detail, Accept-Encoding: ${ACCEPT_ENCODING}, ` +
          `concurrency ${CONCURRENCY}, ${SECONDS} s each in ${ROUNDS} interleaved rounds, ${SEQUENTIAL} sequential per round\n`,
      );
      table(
        [
          'path',
          'req/s',
          `p50 @${CONCURRENCY} ms`,
          'sequential p50 ms',
          'CPU ms/request',
          'encoding',
          'edge',
          'failures',
        ],
        scenarios.map((entry, index) => {
          const result = results[index];
          const hits = entry.cacheStatus.get('HIT') ?? 0;
          const seen = [...entry.cacheStatus.values()].reduce((sum, n) => sum + n, 0);
          return [
            entry.name,
            fixed(median(result.rps), 0),
            fixed(result.p50, 2),
            fixed(median(result.seqP50), 2),
            fixed(median(result.cpu), 3),
            entry.encoding ?? '–',
            seen > 0 ? `${fixed((100 * hits) / seen, 0)} % HIT` : '',
            result.failures,
          ];
        }),
      );
      console.log(
        '\nreq/s, sequential p50 and CPU per request are medians of rounds; CPU is the answering process (nginx: master and workers).',
      );
      if (nginxNote) console.log(nginxNote);
      for (const problem of problems) console.log(`first answer wrong — ${problem}`);
      // Failed answers are cheap: with any, the ratios would flatter whatever broke (this happened
      // once when the production safelist refused the bench's query), so say so and fail the run.
      const failed = scenarios.filter((_, index) => results[index].failures > 0).map((entry) => entry.name);
      if (failed.length > 0 || problems.length > 0) {
        process.exitCode = 1;
        console.log(
          `\nratios not meaningful: failed answers on ${[...new Set(failed)].join(', ') || 'first answers'}`,
        );
        return;
      }

      /** Median over rounds of a / b (both measured in the same round). */
      const ratio = (a: Measured, b: Measured) => median(a.rps.map((value, round) => value / b.rps[round]));
      const added = (a: Measured, b: Measured) =>
        median(a.seqP50.map((value, round) => value - b.seqP50[round]));
      const cpu = (row: Measured) => median(row.cpu);
      const raw = byName('raw proxy (REST)');
      const uncached = { POST: byName('gateway uncached, POST'), GET: byName('gateway uncached, GET') };
      const cached = { POST: byName('gateway cached, POST'), GET: byName('gateway cached, GET') };
      const bareOnFront = byName('bare Apollo, same front, uncached');
      const bareOnExpress = byName('bare Apollo on Express, uncached');
      const lines = gatewayLines();

      console.log('\ntargets (this run; medians of rounds):');
      const target = (pass: boolean, text: string) => console.log(`  ${mark(pass)} ${text}`);
      for (const [method, row] of Object.entries(uncached)) {
        const vsRaw = ratio(row, raw);
        target(vsRaw >= 0.65, `gateway uncached ${method} / raw proxy ${fixed(vsRaw, 2)}× (≥ 0.65×)`);
        const vsBare = ratio(row, bareOnFront);
        target(
          vsBare >= 0.85,
          `gateway uncached ${method} / bare Apollo on the same front ${fixed(vsBare, 2)}× (≥ 0.85×)`,
        );
        target(
          cpu(row) <= cpu(bareOnExpress),
          `gateway uncached ${method} CPU ${fixed(cpu(row), 3)} ms/request vs bare Apollo on Express ${fixed(cpu(bareOnExpress), 3)} (≤)`,
        );
        const seq = added(row, raw);
        target(
          seq <= 0.5,
          `gateway uncached ${method} adds ${fixed(seq, 2)} ms sequential p50 over the raw proxy (≤ 0.5 ms)`,
        );
      }
      for (const [method, row] of Object.entries(cached)) {
        const vsRaw = ratio(row, raw);
        target(vsRaw >= 2, `gateway cached in process ${method} / raw proxy ${fixed(vsRaw, 2)}× (≥ 2×)`);
        target(
          cpu(row) <= 0.2,
          `gateway cached in process ${method} CPU ${fixed(cpu(row), 3)} ms/hit (≤ 0.2 ms)`,
        );
      }
      for (const name of ['nginx edge, GET cached', 'nginx edge, anonymous /home']) {
        const index = scenarios.findIndex((entry) => entry.name === name);
        if (index === -1) continue;
        const row = results[index];
        const vsRaw = ratio(row, raw);
        target(vsRaw >= 8, `${name} / raw proxy ${fixed(vsRaw, 2)}× (≥ 8×)`);
        const seq = median(row.seqP50);
        target(seq <= 0.2, `${name}: a hit's sequential p50 ${fixed(seq, 2)} ms (≤ 0.2 ms)`);
      }
      target(
        lines <= 4500,
        `gateway hand-written lines ${lines.toLocaleString('en-GB')} (gateway/src without __generated__; ≤ 4,500)`,
      );
      console.log(
        `\nfor reference: raw proxy / service ${fixed(ratio(raw, byName('service direct (REST)')), 2)}×; ` +
          `bare Apollo on the same front / raw proxy ${fixed(ratio(bareOnFront, raw), 2)}×, adds ${fixed(added(bareOnFront, raw), 2)} ms; ` +
          `on Express ${fixed(ratio(bareOnExpress, raw), 2)}×, adds ${fixed(added(bareOnExpress, raw), 2)} ms`,
      );
    } finally {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      await nginx?.stop();
    }
  });
}
