/**
 * Bench section 1: the gateway against a raw undici pass-through proxy and the service itself,
 * each in its own process on a temporary SQLite database, for one product-detail read (the goods
 * page's own document through the gateway; GET /service/shop/product/:id for the others). Four
 * gateways run side by side (GATEWAY_VARIANTS): as deployed (the hot path on the raw Node request,
 * planned operations, graphql-jit), with every request through Apollo's pipeline
 * (GATEWAY_PLANNED_OPERATIONS=0, the path before planned operations), executing with graphql-js
 * (GATEWAY_COMPILED_EXECUTION=0, which also turns planning off), and through Express and
 * Apollo's Express integration (GATEWAY_GRAPHQL_FAST_PATH=0).
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

/** The gateways measured beside the one as deployed: name and the environment that makes them. */
export const GATEWAY_VARIANTS = {
  apollo: { label: 'Apollo pipeline', env: { GATEWAY_PLANNED_OPERATIONS: '0' } },
  graphqlJs: { label: 'graphql-js', env: { GATEWAY_COMPILED_EXECUTION: '0' } },
  express: { label: 'Express path', env: { GATEWAY_GRAPHQL_FAST_PATH: '0' } },
} as const;
type Variant = keyof typeof GATEWAY_VARIANTS;
const VARIANT_NAMES = Object.keys(GATEWAY_VARIANTS) as Variant[];

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
  /** Per interleaved round: each uncached gateway / raw proxy. */
  rounds: Array<Record<'deployed' | Variant, number>>;
}

interface Stack {
  service: Child;
  proxy: Child;
  gateway: Child;
  /** With `variants`: the gateways of GATEWAY_VARIANTS. */
  variants: Partial<Record<Variant, Child>>;
}

/**
 * Starts service, raw proxy and gateway (extra gateway env, e.g. for profiling; `variants` adds
 * the gateways of GATEWAY_VARIANTS); stops them after `use`.
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
    const started: Stack['variants'] = {};
    if (variants)
      for (const [name, { env }] of Object.entries(GATEWAY_VARIANTS))
        started[name as Variant] = await startGateway(env);
    return await use({ service, proxy, gateway, variants: started });
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
  return withStack(
    {},
    async ({ service, proxy, gateway, variants }) => {
      const children = variants as Record<Variant, Child>;
      const poolOf = new Map(
        [service, proxy, gateway, ...Object.values(children)].map((child) => [
          child,
          new Pool(child.url, { connections: CONCURRENCY, pipelining: 1 }),
        ]),
      );
      const pools = [...poolOf.values()];
      const [servicePool, proxyPool, gatewayPool] = pools;
      const expressPool = poolOf.get(children.express)!;
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
        const uncached = (pool: Pool) => (i: number) => graphql(false, pool)(nonce + i);
        const label = (variant: Variant) => `gateway uncached (${GATEWAY_VARIANTS[variant].label})`;
        // [name, request, the process that answers it (its CPU per request is the cost of that
        // path, far less sensitive to what else runs on the machine than throughput is)]
        const scenarios: Array<[string, (i: number) => Promise<boolean>, Child]> = [
          ['service direct (REST)', rest(servicePool), service],
          ['raw proxy (REST)', rest(proxyPool), proxy],
          ['gateway uncached', uncached(gatewayPool), gateway],
          ...VARIANT_NAMES.map((name): [string, (i: number) => Promise<boolean>, Child] => [
            label(name),
            uncached(poolOf.get(children[name])!),
            children[name],
          ]),
          ['gateway cached', graphql(true, gatewayPool), gateway],
          ['gateway cached (Express path)', graphql(true, expressPool), children.express],
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
          await loop(8, 1, send); // warm-up: JIT, connections, document store, plans
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
        const by = (name: string) => rows.find((row) => row.name === name)!;
        const column = (name: string) => scenarios.findIndex(([n]) => n === name);
        const proxyColumn = column('raw proxy (REST)');
        const rounds: GatewayBench['rounds'] = roundRps.map(
          (r) =>
            Object.fromEntries([
              ['deployed', r[column('gateway uncached')] / r[proxyColumn]],
              ...VARIANT_NAMES.map((name) => [name, r[column(label(name))] / r[proxyColumn]]),
            ]) as GatewayBench['rounds'][number],
        );
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const medianOf = (key: keyof GatewayBench['rounds'][number]) => median(rounds.map((r) => r[key]));
        const proxyRow = by('raw proxy (REST)');
        const deployed = by('gateway uncached');
        const ratios = {
          uncachedVsProxy: deployed.rps / proxyRow.rps,
          uncachedVsProxyMedian: medianOf('deployed'),
          apolloVsProxyMedian: medianOf('apollo'),
          graphqlJsVsProxyMedian: medianOf('graphqlJs'),
          expressVsProxyMedian: medianOf('express'),
          plannedVsApollo: deployed.rps / by(label('apollo')).rps,
          plannedCpuVsApolloCpu: deployed.cpuPerRequest / by(label('apollo')).cpuPerRequest,
          hotVsExpressCached: by('gateway cached').rps / by('gateway cached (Express path)').rps,
          cachedVsProxy: by('gateway cached').rps / proxyRow.rps,
          proxyVsService: proxyRow.rps / by('service direct (REST)').rps,
          addedSeqP50Ms: deployed.seqP50 - proxyRow.seqP50,
          apolloAddedSeqP50Ms: by(label('apollo')).seqP50 - proxyRow.seqP50,
          proxyCpuVsUncachedCpu: proxyRow.cpuPerRequest / deployed.cpuPerRequest,
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
        console.log('\nuncached throughput / raw proxy, per round:\n');
        table(
          ['round', 'as deployed', ...Object.values(GATEWAY_VARIANTS).map((variant) => variant.label)],
          rounds.map((r, i) => [
            i + 1,
            ...(['deployed', ...VARIANT_NAMES] as const).map((key) => `${fixed(r[key], 2)}×`),
          ]),
        );
        console.log(
          `\nratios: gateway uncached / raw proxy = median of rounds ${fixed(ratios.uncachedVsProxyMedian, 2)}× ` +
            `(whole run ${fixed(ratios.uncachedVsProxy, 2)}×; Apollo pipeline ${fixed(ratios.apolloVsProxyMedian, 2)}×, ` +
            `graphql-js ${fixed(ratios.graphqlJsVsProxyMedian, 2)}×, Express path ${fixed(ratios.expressVsProxyMedian, 2)}×); ` +
            `planned / Apollo pipeline: throughput ${fixed(ratios.plannedVsApollo, 2)}×, CPU per request ${fixed(ratios.plannedCpuVsApolloCpu, 2)}×; ` +
            `gateway cached / raw proxy = ${fixed(ratios.cachedVsProxy, 2)}× (hot path / Express path cached ${fixed(ratios.hotVsExpressCached, 2)}×); ` +
            `raw proxy / service = ${fixed(ratios.proxyVsService, 2)}×; ` +
            `gateway adds ${fixed(ratios.addedSeqP50Ms, 2)} ms sequential p50 over the raw proxy ` +
            `(Apollo pipeline ${fixed(ratios.apolloAddedSeqP50Ms, 2)} ms); ` +
            `CPU per request, raw proxy / gateway uncached = ${fixed(ratios.proxyCpuVsUncachedCpu, 2)}×`,
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
