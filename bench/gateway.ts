/**
 * Bench section 1: the gateway against a raw undici pass-through proxy and the service itself,
 * each in its own process on a temporary SQLite database, for one product-detail read (the goods
 * page's own document through the gateway; GET /service/shop/product/:id for the others). Three
 * gateways run side by side: the hot path as deployed (POST /graphql on the raw Node request,
 * operations compiled by graphql-jit), the hot path executing with graphql-js
 * (GATEWAY_COMPILED_EXECUTION=0), and the Express route (GATEWAY_GRAPHQL_FAST_PATH=0: Express and
 * Apollo's Express integration, with the same executor as deployed).
 * Uncached gateway requests carry a changing unused variable, so they miss both caches while the
 * document stays the same (as real traffic does); cached ones repeat the same request.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { freePort } from '../scripts/free-port.ts';
import { type Child, fixed, type LoopResult, loop, percentile, startChild, table } from './lib.ts';

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
  /** Per interleaved round: each uncached variant / raw proxy, and hot path / Express path. */
  rounds: Array<{
    uncachedVsProxy: number;
    graphqlJsVsProxy: number;
    expressVsProxy: number;
    hotVsExpress: number;
  }>;
}

interface Stack {
  service: Child;
  proxy: Child;
  gateway: Child;
  /** With `variants`: a gateway with the hot path off (the Express route). */
  expressGateway?: Child;
  /** With `variants`: a gateway executing with graphql-js instead of compiled operations. */
  graphqlJsGateway?: Child;
}

/**
 * Starts service, raw proxy and gateway (extra gateway env, e.g. for profiling; `variants` adds
 * gateways with GATEWAY_GRAPHQL_FAST_PATH=0 and with GATEWAY_COMPILED_EXECUTION=0); stops them
 * after `use`.
 */
export async function withStack<T>(
  gatewayEnv: Record<string, string>,
  use: (stack: Stack) => Promise<T>,
  gatewayNodeArgs: string[] = [],
  variants = false,
): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-stack-'));
  const children: Child[] = [];
  try {
    const servicePort = await freePort();
    const service = await startChild(
      'service/src/main.ts',
      { DATA_DIR: dir, SERVICE_PORT: String(servicePort), LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '12' },
      servicePort,
      '/service/shop/system/config',
    );
    children.push(service);
    const proxyPort = await freePort();
    const proxy = await startChild(
      'bench/raw-proxy.ts',
      { PROXY_PORT: String(proxyPort), SHOP_SERVICE_URL: service.url },
      proxyPort,
      '/service/shop/system/config',
    );
    children.push(proxy);
    const secret = randomBytes(32).toString('base64url');
    const startGateway = async (env: Record<string, string>) => {
      const gatewayPort = await freePort();
      const child = await startChild(
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
          ...env,
        },
        gatewayPort,
        '/healthz',
        gatewayNodeArgs,
      );
      children.push(child);
      return child;
    };
    const gateway = await startGateway({});
    const expressGateway = variants ? await startGateway({ GATEWAY_GRAPHQL_FAST_PATH: '0' }) : undefined;
    const graphqlJsGateway = variants ? await startGateway({ GATEWAY_COMPILED_EXECUTION: '0' }) : undefined;
    return await use({ service, proxy, gateway, expressGateway, graphqlJsGateway });
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
function cpuMillis(child: Child): number {
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
  return withStack(
    {},
    async ({ service, proxy, gateway, expressGateway, graphqlJsGateway }) => {
      const pools = [service, proxy, gateway, expressGateway!, graphqlJsGateway!].map(
        (child) => new Pool(child.url, { connections: CONCURRENCY, pipelining: 1 }),
      );
      const [servicePool, proxyPool, gatewayPool, expressPool, graphqlJsPool] = pools;
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
        const graphql = (cached: boolean, pool: Pool) => async (i: number) => {
          const variables = cached ? { id: String(firstId) } : { id: String(firstId), nonce: i };
          const res = await pool.request({
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
        let nonce = 1_000_000;
        const scenarios: Array<[string, (i: number) => Promise<boolean>]> = [
          ['service direct (REST)', rest(servicePool)],
          ['raw proxy (REST)', rest(proxyPool)],
          ['gateway uncached', (i) => graphql(false, gatewayPool)(nonce + i)],
          ['gateway uncached (graphql-js)', (i) => graphql(false, graphqlJsPool)(nonce + i)],
          ['gateway uncached (Express path)', (i) => graphql(false, expressPool)(nonce + i)],
          ['gateway cached', graphql(true, gatewayPool)],
          ['gateway cached (Express path)', graphql(true, expressPool)],
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
        // The process that answers each path (its CPU per request is the cost of that path,
        // far less sensitive to what else runs on the machine than throughput is).
        const front = [service, proxy, gateway, graphqlJsGateway!, expressGateway!, gateway, expressGateway!];
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
          for (const [index, [, send]] of scenarios.entries()) {
            const cpuBefore = cpuMillis(front[index]);
            const result = await loop(CONCURRENCY, SECONDS / ROUNDS, send);
            totals[index].cpuMs += cpuMillis(front[index]) - cpuBefore;
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
        const by = (name: string) => rows.find((row) => row.name === name)!;
        const column = (name: string) => scenarios.findIndex(([n]) => n === name);
        const rounds = roundRps.map((r) => ({
          uncachedVsProxy: r[column('gateway uncached')] / r[column('raw proxy (REST)')],
          graphqlJsVsProxy: r[column('gateway uncached (graphql-js)')] / r[column('raw proxy (REST)')],
          expressVsProxy: r[column('gateway uncached (Express path)')] / r[column('raw proxy (REST)')],
          hotVsExpress: r[column('gateway uncached')] / r[column('gateway uncached (Express path)')],
        }));
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const proxyRps = by('raw proxy (REST)').rps;
        const ratios = {
          uncachedVsProxy: by('gateway uncached').rps / proxyRps,
          uncachedVsProxyMedian: median(rounds.map((r) => r.uncachedVsProxy)),
          graphqlJsVsProxyMedian: median(rounds.map((r) => r.graphqlJsVsProxy)),
          compiledCpuVsGraphqlJsCpu:
            by('gateway uncached').cpuPerRequest / by('gateway uncached (graphql-js)').cpuPerRequest,
          expressUncachedVsProxy: by('gateway uncached (Express path)').rps / proxyRps,
          expressUncachedVsProxyMedian: median(rounds.map((r) => r.expressVsProxy)),
          hotVsExpressUncached: by('gateway uncached').rps / by('gateway uncached (Express path)').rps,
          hotVsExpressCached: by('gateway cached').rps / by('gateway cached (Express path)').rps,
          expressCachedVsProxy: by('gateway cached (Express path)').rps / proxyRps,
          cachedVsProxy: by('gateway cached').rps / proxyRps,
          proxyVsService: proxyRps / by('service direct (REST)').rps,
          addedSeqP50Ms: by('gateway uncached').seqP50 - by('raw proxy (REST)').seqP50,
          proxyCpuVsUncachedCpu: by('raw proxy (REST)').cpuPerRequest / by('gateway uncached').cpuPerRequest,
          proxyCpuVsExpressCpu:
            by('raw proxy (REST)').cpuPerRequest / by('gateway uncached (Express path)').cpuPerRequest,
          expressAddedSeqP50Ms: by('gateway uncached (Express path)').seqP50 - by('raw proxy (REST)').seqP50,
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
          console.log(
            `\nratios not meaningful: failed answers on ${failed.map((row) => row.name).join(', ')}`,
          );
          return { rows, ratios, rounds };
        }
        table(
          [
            'round',
            'uncached hot / raw proxy',
            'hot, graphql-js / raw proxy',
            'uncached Express / raw proxy',
            'hot / Express',
          ],
          rounds.map((r, i) => [
            i + 1,
            `${fixed(r.uncachedVsProxy, 2)}×`,
            `${fixed(r.graphqlJsVsProxy, 2)}×`,
            `${fixed(r.expressVsProxy, 2)}×`,
            `${fixed(r.hotVsExpress, 2)}×`,
          ]),
        );
        console.log(
          `\nratios: gateway uncached / raw proxy = ${fixed(ratios.uncachedVsProxy, 2)}× ` +
            `(median of rounds ${fixed(ratios.uncachedVsProxyMedian, 2)}×; graphql-js executor median ${fixed(ratios.graphqlJsVsProxyMedian, 2)}×, ` +
            `CPU per request compiled / graphql-js ${fixed(ratios.compiledCpuVsGraphqlJsCpu, 2)}×; Express path ${fixed(ratios.expressUncachedVsProxy, 2)}×, ` +
            `median ${fixed(ratios.expressUncachedVsProxyMedian, 2)}×); ` +
            `hot path / Express path: uncached ${fixed(ratios.hotVsExpressUncached, 2)}×, cached ${fixed(ratios.hotVsExpressCached, 2)}×; ` +
            `gateway cached / raw proxy = ${fixed(ratios.cachedVsProxy, 2)}× (Express path ${fixed(ratios.expressCachedVsProxy, 2)}×); ` +
            `raw proxy / service = ${fixed(ratios.proxyVsService, 2)}×; ` +
            `gateway adds ${fixed(ratios.addedSeqP50Ms, 2)} ms sequential p50 over the raw proxy ` +
            `(Express path ${fixed(ratios.expressAddedSeqP50Ms, 2)} ms); ` +
            `CPU per request, raw proxy / gateway uncached = ${fixed(ratios.proxyCpuVsUncachedCpu, 2)}× ` +
            `(Express path ${fixed(ratios.proxyCpuVsExpressCpu, 2)}×)`,
        );
        return { rows, ratios, rounds };
      } finally {
        await Promise.all(pools.map((pool) => pool.close()));
      }
    },
    [],
    true,
  );
}
