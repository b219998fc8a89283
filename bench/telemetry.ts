/**
 * Bench section `telemetry`: what OpenTelemetry costs the gateway. Three gateways side by side on
 * one service (all in their own processes, SQLite, page cache off so every page is rendered):
 * without the register module at all, with it but tracing off (Prometheus metrics only: the
 * default), and tracing at a 10 % sample (OTEL_TRACES_SAMPLER=parentbased_traceidratio, ARG 0.1)
 * exporting OTLP/HTTP protobuf to a local sink that discards it. Measured: uncached API
 * throughput (the product-detail operation with a changing unused variable, as in section 1) and
 * CPU per request, then CPU per server render of a goods page; interleaved rounds, so the
 * machine's drift falls on all three alike.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { freePort } from '../scripts/free-port.ts';
import { buildWebIfStale } from '../tests/e2e/build-web.ts';
import { cpuMillis, manifestId } from './gateway.ts';
import { type Child, fixed, loop, percentile, startBenchService, startChild, table } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
/** Renders are CPU-bound: a few at a time keep the gateway busy without queueing. */
const RENDER_CONCURRENCY = 4;
const ROUNDS = 3;

const MODES = {
  none: { label: 'no telemetry', telemetry: false, tracing: false },
  metrics: { label: 'metrics, tracing off', telemetry: true, tracing: false },
  traced: { label: 'tracing 10 % + metrics', telemetry: true, tracing: true },
} as const;
type Mode = keyof typeof MODES;
const MODE_NAMES = Object.keys(MODES) as Mode[];

/** An OTLP/HTTP endpoint that accepts and discards: what the exporter costs, not a collector. */
async function startSink() {
  let requests = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    req.on('end', () => {
      requests += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stats: () => ({ requests, bytes }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchTelemetry() {
  buildWebIfStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-telemetry-'));
  const sink = await startSink();
  const children: Child[] = [];
  const pools: Pool[] = [];
  try {
    const service = await startBenchService(dir);
    children.push(service);
    const secret = randomBytes(32).toString('base64url');
    const gateways = {} as Record<Mode, Child>;
    for (const mode of MODE_NAMES) {
      const { telemetry, tracing } = MODES[mode];
      const port = await freePort();
      gateways[mode] = await startChild(
        'gateway/src/main.ts',
        {
          GATEWAY_PORT: String(port),
          SHOP_SERVICE_URL: service.url,
          DATA_DIR: dir,
          SESSION_SECRET: secret,
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          WEB_SSR_PAGE_CACHE_ENTRIES: '0',
          GATEWAY_METRICS_PORT: telemetry ? String(await freePort()) : '0',
          ...(tracing
            ? {
                OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
                OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
                OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
                OTEL_TRACES_SAMPLER_ARG: '0.1',
              }
            : {}),
        },
        port,
        '/healthz',
        [],
        telemetry ? ['./gateway/src/telemetry/register.ts'] : [],
      );
      children.push(gateways[mode]);
    }
    const poolOf = Object.fromEntries(
      MODE_NAMES.map((mode) => {
        const pool = new Pool(gateways[mode].url, { connections: CONCURRENCY, pipelining: 1 });
        pools.push(pool);
        return [mode, pool];
      }),
    ) as Record<Mode, Pool>;

    const servicePool = new Pool(service.url, { connections: 1 });
    pools.push(servicePool);
    const page = await servicePool.request({ method: 'GET', path: '/service/shop/product/page?pageSize=1' });
    const productId = ((await page.body.json()) as { data: { records: Array<{ id: number }> } }).data
      .records[0].id;
    const sha256Hash = manifestId('GoodsDetailPage');
    let nonce = 0;
    const api = (pool: Pool) => async () => {
      nonce += 1;
      const res = await pool.request({
        method: 'POST',
        path: '/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          variables: { id: String(productId), nonce },
          operationName: 'GoodsDetailPage',
          extensions: { persistedQuery: { version: 1, sha256Hash } },
        }),
      });
      const body = await res.body.text();
      return res.statusCode === 200 && body.includes('"product":{"id"');
    };
    const render = (pool: Pool) => async () => {
      const res = await pool.request({ method: 'GET', path: `/goods/detail/${productId}` });
      await res.body.text();
      return res.statusCode === 200 && String(res.headers['server-timing'] ?? '').includes('render;dur');
    };

    const scenarios = [
      { name: 'uncached API', concurrency: CONCURRENCY, send: api },
      { name: 'server render', concurrency: RENDER_CONCURRENCY, send: render },
    ];
    type Total = { requests: number; seconds: number; failures: number; cpuMs: number; latencies: number[] };
    const fresh = (): Total => ({ requests: 0, seconds: 0, failures: 0, cpuMs: 0, latencies: [] });
    const totals = scenarios.map(() => ({ none: fresh(), metrics: fresh(), traced: fresh() }));
    for (const scenario of scenarios)
      for (const mode of MODE_NAMES) await loop(4, 1, scenario.send(poolOf[mode])); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, scenario] of scenarios.entries()) {
        for (const mode of MODE_NAMES) {
          const before = cpuMillis(gateways[mode]);
          const result = await loop(scenario.concurrency, SECONDS / ROUNDS, scenario.send(poolOf[mode]));
          const total = totals[index][mode];
          total.cpuMs += cpuMillis(gateways[mode]) - before;
          total.requests += result.requests;
          total.seconds += result.seconds;
          total.failures += result.failures;
          total.latencies.push(...result.latencies);
        }
      }
    }

    console.log(
      `\n## Telemetry cost — gateway, ${SECONDS} s per path in ${ROUNDS} interleaved rounds; API at concurrency ${CONCURRENCY}, renders at ${RENDER_CONCURRENCY}\n`,
    );
    const rows = scenarios.flatMap((scenario, index) =>
      MODE_NAMES.map((mode) => {
        const total = totals[index][mode];
        return {
          scenario: scenario.name,
          mode,
          rps: total.requests / total.seconds,
          p50: percentile(total.latencies, 50),
          cpu: total.cpuMs / total.requests,
          failures: total.failures,
        };
      }),
    );
    table(
      ['path', 'gateway', 'req/s', 'p50 ms', 'CPU ms/request', 'failures'],
      rows.map((row) => [
        row.scenario,
        MODES[row.mode].label,
        fixed(row.rps, 0),
        fixed(row.p50, 2),
        fixed(row.cpu, 3),
        row.failures,
      ]),
    );
    const row = (scenario: string, mode: Mode) =>
      rows.find((r) => r.scenario === scenario && r.mode === mode)!;
    const ratios = {
      apiThroughputTracedVsOff: row('uncached API', 'traced').rps / row('uncached API', 'metrics').rps,
      apiCpuTracedVsOff: row('uncached API', 'traced').cpu / row('uncached API', 'metrics').cpu,
      renderCpuTracedVsOff: row('server render', 'traced').cpu / row('server render', 'metrics').cpu,
      apiThroughputOffVsNone: row('uncached API', 'metrics').rps / row('uncached API', 'none').rps,
      apiCpuOffVsNone: row('uncached API', 'metrics').cpu / row('uncached API', 'none').cpu,
      renderCpuOffVsNone: row('server render', 'metrics').cpu / row('server render', 'none').cpu,
    };
    const sent = sink.stats();
    if (rows.some((r) => r.failures > 0)) {
      process.exitCode = 1;
      console.log('\nratios not meaningful: some answers failed');
      return { rows, ratios };
    }
    console.log(
      `\nratios: tracing 10 % / tracing off — uncached API throughput ${fixed(ratios.apiThroughputTracedVsOff, 3)}×, ` +
        `CPU per request ${fixed(ratios.apiCpuTracedVsOff, 3)}×, CPU per render ${fixed(ratios.renderCpuTracedVsOff, 3)}×; ` +
        `tracing off / no telemetry — throughput ${fixed(ratios.apiThroughputOffVsNone, 3)}×, ` +
        `CPU per request ${fixed(ratios.apiCpuOffVsNone, 3)}×, CPU per render ${fixed(ratios.renderCpuOffVsNone, 3)}×; ` +
        `the sink received ${sent.requests} exports, ${fixed(sent.bytes / 1024, 0)} KiB`,
    );
    return { rows, ratios };
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
    await Promise.all(children.map((child) => child.stop()));
    await sink.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
