/**
 * Bench section 1: the gateway against a raw undici pass-through proxy and the service itself,
 * each in its own process on a temporary SQLite database, for one product-detail read (the goods
 * page's own document through the gateway, as a registered persisted query; GET
 * /service/shop/product/:id for the others). Uncached gateway requests carry a changing unused
 * variable, so they miss the response cache while the document stays the same (as real traffic
 * does); cached ones repeat the same request.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { freePort } from '../scripts/free-port.ts';
import {
  type Child,
  fixed,
  type LoopResult,
  loop,
  percentile,
  startBenchService,
  startChild,
  table,
} from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);
const ROUNDS = 3;
/** Linux' USER_HZ, the unit of /proc/<pid>/stat CPU times. */
const CLOCK_TICKS = 100;

export interface GatewayBench {
  rows: Array<{
    name: string;
    rps: number;
    p50: number;
    seqP50: number;
    failures: number;
    /** CPU milliseconds of the answering process per request (Linux /proc; NaN elsewhere). */
    cpuPerRequest: number;
  }>;
  ratios: Record<string, number>;
  /** Per interleaved round: gateway uncached / raw proxy. */
  rounds: number[];
}

interface Stack {
  service: Child;
  proxy: Child;
  gateway: Child;
  /** bench/bare-apollo.ts: the floor of a server built like the gateway. */
  bare: Child;
}

/** Starts service, raw proxy and gateway (extra gateway env, e.g. for profiling); stops them after `use`. */
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
    const barePort = await freePort();
    const bare = await startChild(
      'bench/bare-apollo.ts',
      { BARE_PORT: String(barePort), SHOP_SERVICE_URL: service.url, NODE_ENV: 'production' },
      barePort,
      '/healthz',
    );
    children.push(bare);
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
    return await use({ service, proxy, gateway, bare });
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The id (sha256) of one of the web app's operations in the manifest `npm run codegen` writes. */
export function manifestId(name: string): string {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../web/src/__generated__/operations.json'), 'utf8'),
  ) as { operations: Array<{ id: string; name: string }> };
  const operation = manifest.operations.find((entry) => entry.name === name);
  if (!operation) throw new Error(`${name} is not in the operation manifest (npm run codegen)`);
  return operation.id;
}

/** User + system CPU time of a child process so far, in ms (Linux /proc; NaN elsewhere). */
export function cpuMillis(child: Child): number {
  try {
    const stat = fs.readFileSync(`/proc/${child.process.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

export async function benchGateway(): Promise<GatewayBench> {
  return withStack({}, async ({ service, proxy, gateway, bare }) => {
    const pools = [service, proxy, gateway, bare].map(
      (child) => new Pool(child.url, { connections: CONCURRENCY, pipelining: 1 }),
    );
    const [servicePool, proxyPool, gatewayPool, barePool] = pools;
    try {
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

      const rest = (pool: Pool) => async () => {
        const res = await pool.request({ method: 'GET', path: restPath });
        const body = await res.body.text();
        return res.statusCode === 200 && body.includes('"success":true');
      };
      const graphql = (cached: boolean) => async (i: number) => {
        const variables = cached ? { id: String(firstId) } : { id: String(firstId), nonce: i };
        const res = await gatewayPool.request({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            variables,
            operationName: 'GoodsDetailPage',
            extensions: { persistedQuery: { version: 1, sha256Hash } },
          }),
        });
        const body = await res.body.text();
        return res.statusCode === 200 && body.includes('"product":{"id"');
      };
      const bareQuery = (cached: boolean) => async (i: number) => {
        const res = await barePool.request({
          method: 'POST',
          path: '/graphql',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query:
              'query P($id: ID!, $nonce: Int) { product(id: $id, nonce: $nonce) { id name description stock price } }',
            variables: cached ? { id: String(firstId) } : { id: String(firstId), nonce: i },
          }),
        });
        const body = await res.body.text();
        return res.statusCode === 200 && body.includes('"product":{"id"');
      };
      let nonce = 1_000_000;
      const bareUncached = bareQuery(false);
      const uncached = graphql(false);
      // [name, request, the process that answers it (its CPU per request is the cost of that
      // path, far less sensitive to what else runs on the machine than throughput is)]
      const scenarios: Array<[string, (i: number) => Promise<boolean>, Child]> = [
        ['service direct (REST)', rest(servicePool), service],
        ['raw proxy (REST)', rest(proxyPool), proxy],
        ['gateway uncached', (i) => uncached(nonce + i), gateway],
        ['gateway cached', graphql(true), gateway],
        ['bare Apollo uncached (floor)', (i) => bareUncached(nonce + i), bare],
        ['bare Apollo cached (floor)', bareQuery(true), bare],
      ];
      // Interleaved rounds: the machine's load drifts (other work shares the cores), and every
      // path should see the same drift.
      const totals = scenarios.map(() => ({
        requests: 0,
        seconds: 0,
        failures: 0,
        cpuMs: 0,
        latencies: [] as number[],
      }));
      const sequential: LoopResult[] = [];
      const roundRps: number[][] = [];
      for (const [, send] of scenarios) {
        await loop(8, 1, send); // warm-up: JIT, connections, document store
        nonce += 1_000_000;
        sequential.push(await loop(1, SECONDS / 2, send, SEQUENTIAL));
        nonce += 1_000_000;
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        roundRps.push([]);
        for (const [index, [, send, front]] of scenarios.entries()) {
          const cpuBefore = cpuMillis(front);
          const result = await loop(CONCURRENCY, SECONDS / ROUNDS, send);
          totals[index].cpuMs += cpuMillis(front) - cpuBefore;
          roundRps[round].push(result.requests / result.seconds);
          nonce += 1_000_000;
          totals[index].requests += result.requests;
          totals[index].seconds += result.seconds;
          totals[index].failures += result.failures;
          totals[index].latencies.push(...result.latencies);
        }
      }
      const rows: GatewayBench['rows'] = scenarios.map(([name], index) => ({
        name,
        rps: totals[index].requests / totals[index].seconds,
        p50: percentile(totals[index].latencies, 50),
        seqP50: percentile(sequential[index].latencies, 50),
        failures: totals[index].failures + sequential[index].failures,
        cpuPerRequest: totals[index].cpuMs / totals[index].requests,
      }));
      const [serviceRow, proxyRow, uncachedRow, cachedRow, bareUncachedRow, bareCachedRow] = rows;
      const rounds = roundRps.map((r) => r[2] / r[1]);
      const median = [...rounds].sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
      const ratios = {
        uncachedVsProxy: uncachedRow.rps / proxyRow.rps,
        uncachedVsProxyMedian: median,
        cachedVsProxy: cachedRow.rps / proxyRow.rps,
        proxyVsService: proxyRow.rps / serviceRow.rps,
        addedSeqP50Ms: uncachedRow.seqP50 - proxyRow.seqP50,
        proxyCpuVsUncachedCpu: proxyRow.cpuPerRequest / uncachedRow.cpuPerRequest,
        bareUncachedVsProxy: bareUncachedRow.rps / proxyRow.rps,
        bareCachedVsProxy: bareCachedRow.rps / proxyRow.rps,
        bareAddedSeqP50Ms: bareUncachedRow.seqP50 - proxyRow.seqP50,
      };
      console.log(
        `\n## 1. Gateway vs raw proxy vs service — product detail, concurrency ${CONCURRENCY}, ${SECONDS} s each in ${ROUNDS} interleaved rounds\n`,
      );
      table(
        ['path', 'req/s', `p50 @${CONCURRENCY} ms`, 'sequential p50 ms', 'CPU ms/request', 'failures'],
        rows.map((row) => [
          row.name,
          fixed(row.rps, 0),
          fixed(row.p50, 2),
          fixed(row.seqP50, 2),
          fixed(row.cpuPerRequest, 3),
          row.failures,
        ]),
      );
      // Failed answers are cheap: with any, the ratios would flatter whatever broke (this happened
      // once when the production safelist refused the bench's query), so say so and fail the run.
      const failed = rows.filter((row) => row.failures > 0);
      if (failed.length > 0) {
        process.exitCode = 1;
        console.log(`\nratios not meaningful: failed answers on ${failed.map((row) => row.name).join(', ')}`);
        return { rows, ratios, rounds };
      }
      console.log(
        `\nuncached throughput / raw proxy, per round: ${rounds.map((r) => `${fixed(r, 2)}×`).join(', ')}`,
      );
      console.log(
        `\nratios: gateway uncached / raw proxy = median of rounds ${fixed(ratios.uncachedVsProxyMedian, 2)}× ` +
          `(whole run ${fixed(ratios.uncachedVsProxy, 2)}×; target ≥ 0.75×); ` +
          `gateway adds ${fixed(ratios.addedSeqP50Ms, 2)} ms sequential p50 over the raw proxy (target ≤ 0.5 ms); ` +
          `gateway cached / raw proxy = ${fixed(ratios.cachedVsProxy, 2)}× (target ≥ 5×); ` +
          `raw proxy / service = ${fixed(ratios.proxyVsService, 2)}×; ` +
          `CPU per request, raw proxy / gateway uncached = ${fixed(ratios.proxyCpuVsUncachedCpu, 2)}×`,
      );
      // What any server answering inside Apollo's pipeline can reach here: if the floor misses a
      // target, no work on the gateway's own code meets it.
      console.log(
        `\nfloor (bare Apollo on Express, bench/bare-apollo.ts): uncached / raw proxy = ${fixed(ratios.bareUncachedVsProxy, 2)}×, ` +
          `adds ${fixed(ratios.bareAddedSeqP50Ms, 2)} ms sequential p50, cached / raw proxy = ${fixed(ratios.bareCachedVsProxy, 2)}×`,
      );
      return { rows, ratios, rounds };
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
}
