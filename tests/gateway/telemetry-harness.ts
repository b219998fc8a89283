/**
 * For the telemetry suite: an OTLP/HTTP JSON receiver (what a collector would be), the gateway and
 * the service as real child processes started through their register modules (as `npm start`
 * does), and a strict reader of the Prometheus text format.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { waitForUrl } from '../../scripts/wait-for-url.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpTraces {
  resourceSpans?: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{
      scope: { name: string };
      spans: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const plainValue = (value: OtlpValue) =>
  value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue ?? null;
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((attribute) => [attribute.key, plainValue(attribute.value)]));

/** Receives OTLP/HTTP JSON traces on /v1/traces and keeps every span. */
export async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const contentTypes = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      if (req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
        for (const resource of body.resourceSpans ?? []) {
          const service = String(attributesOf(resource.resource.attributes)['service.name']);
          for (const scope of resource.scopeSpans) {
            for (const span of scope.spans) {
              spans.push({
                service,
                scope: scope.scope.name,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    spans,
    contentTypes,
    /** Waits until `done` holds for the spans received so far. */
    async until(done: (spans: ReceivedSpan[]) => boolean, timeoutMs = 20_000): Promise<ReceivedSpan[]> {
      const deadline = Date.now() + timeoutMs;
      while (!done(spans)) {
        if (Date.now() > deadline)
          throw new Error(
            `spans never arrived; got ${JSON.stringify(spans.map((s) => [s.service, s.name]))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return spans;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TelemetryShop {
  gatewayUrl: string;
  serviceUrl: string;
  gatewayMetricsUrl: string;
  serviceMetricsUrl: string;
  /** What the gateway printed so far (JSON log lines). */
  gatewayLog(): string;
  /** What the service printed so far (JSON log lines). */
  serviceLog(): string;
  close(): Promise<void>;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Service and gateway as `npm start` runs them, exporting traces to `otlpEndpoint`; without one,
 * as `npm start` runs them by default (metrics only).
 */
export async function startTelemetryShop(otlpEndpoint?: string): Promise<TelemetryShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-telemetry-'));
  const [servicePort, gatewayPort, serviceMetricsPort, gatewayMetricsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...(otlpEndpoint
      ? {
          OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpoint,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_BSP_SCHEDULE_DELAY: '100',
        }
      : {}),
  };
  delete env.DATABASE_URL;
  for (const name of Object.keys(env)) if (name.startsWith('OTEL_') && !otlpEndpoint) delete env[name];
  delete env.OTEL_SERVICE_NAME;
  const children: ChildProcess[] = [];
  const logs = { gateway: '', service: '' };
  const start = (name: 'gateway' | 'service', extra: Record<string, string>) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--import', `./${name}/src/telemetry/register.ts`, `${name}/src/main.ts`],
      { cwd: ROOT, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      logs[name] += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      logs[name] += chunk.toString('utf8');
    });
    children.push(child);
  };
  const close = async () => {
    await Promise.all(children.map(stop));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    start('service', {
      SERVICE_PORT: String(servicePort),
      SERVICE_METRICS_PORT: String(serviceMetricsPort),
      PUBLIC_ORIGIN: gatewayUrl,
    });
    if (
      !(await waitForUrl(
        `${serviceUrl}/service/shop/system/config`,
        90_000,
        () => children[0].exitCode !== null,
      ))
    )
      throw new Error('service did not start');
    start('gateway', {
      GATEWAY_PORT: String(gatewayPort),
      GATEWAY_METRICS_PORT: String(gatewayMetricsPort),
      SHOP_SERVICE_URL: serviceUrl,
      PUBLIC_ORIGIN: gatewayUrl,
    });
    if (!(await waitForUrl(`${gatewayUrl}/healthz`, 90_000, () => children[1].exitCode !== null)))
      throw new Error('gateway did not start');
  } catch (error) {
    await close();
    throw new Error(
      `${(error as Error).message}\n--- service\n${logs.service}\n--- gateway\n${logs.gateway}`,
    );
  }
  return {
    gatewayUrl,
    serviceUrl,
    gatewayMetricsUrl: `http://127.0.0.1:${gatewayMetricsPort}/metrics`,
    serviceMetricsUrl: `http://127.0.0.1:${serviceMetricsPort}/metrics`,
    gatewayLog: () => logs.gateway,
    serviceLog: () => logs.service,
    close,
  };
}

/**
 * Sends one TelemetryProbe (two product searches and the categories) with the caller's trace id;
 * its search word is new each time, so no cache answers it.
 */
export async function probe(
  shop: TelemetryShop,
  traceId: string,
  secretKeyword = `kw${randomBytes(6).toString('hex')}`,
): Promise<void> {
  const res = await fetch(`${shop.gatewayUrl}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
    },
    body: JSON.stringify({
      query:
        'query TelemetryProbe($filter: ProductFilter) { products(filter: $filter) { total } all: products { total } categories { id } }',
      variables: { filter: { keyword: secretKeyword } },
    }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data?: { all: { total: number } }; errors?: unknown };
  expect(body.errors).toBeUndefined();
  expect(body.data?.all.total).toBeGreaterThan(0);
}

/** The gateway's log lines so far that contain `text`. */
export function gatewayLines(shop: TelemetryShop, text: string): string[] {
  return shop
    .gatewayLog()
    .split('\n')
    .filter((line) => line.includes(text));
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * Reads the Prometheus text exposition format strictly: every line is a comment, a HELP or TYPE
 * line, or a sample whose labels and value parse, and a TYPE comes before its family's samples.
 */
export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  const typed = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const fail = (why: string) => new Error(`line ${index + 1} ${why}: ${line}`);
    if (line.startsWith('#')) {
      const type = new RegExp(`^# TYPE (${NAME}) (\\w+)$`).exec(line);
      if (type) {
        if (!TYPES.has(type[2])) throw fail('has an unknown type');
        typed.set(type[1], type[2]);
      } else if (
        line.startsWith('# TYPE') ||
        (line.startsWith('# HELP') && !new RegExp(`^# HELP ${NAME} `).test(line))
      ) {
        throw fail('is a malformed comment');
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw fail('is not a sample');
    const [, name, labelText = '', valueText] = match;
    const family = name.replace(/_(bucket|sum|count|total)$/, '');
    if (!typed.has(name) && !typed.has(family)) throw fail('has no TYPE before it');
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      if (!label) throw fail('has malformed labels');
      labels[label[1]] = label[2].replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    const value = valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    if (Number.isNaN(value) && valueText !== 'NaN') throw fail('has a malformed value');
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
export function sumOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}
