/**
 * Telemetry of the running shop: gateway and service as real processes (through their register
 * modules), traces exported over OTLP/HTTP JSON to a receiver in the test, metrics read from their
 * own ports.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operation } from './manifest-operations.ts';
import {
  gatewayLines,
  parsePrometheus,
  probe,
  type ReceivedSpan,
  startCollector,
  startTelemetryShop,
  sumOf,
} from './telemetry-harness.ts';

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

let collector: Awaited<ReturnType<typeof startCollector>>;
let shop: Awaited<ReturnType<typeof startTelemetryShop>>;

beforeAll(async () => {
  collector = await startCollector();
  shop = await startTelemetryShop(collector.url);
}, 180_000);

afterAll(async () => {
  await shop?.close();
  await collector?.close();
});

describe('traces', () => {
  it('one GraphQL request is one trace across the gateway, the service and the database', async () => {
    const traceId = randomBytes(16).toString('hex');
    const secretKeyword = `kw${randomBytes(6).toString('hex')}`;
    await probe(shop, traceId, secretKeyword);
    const inTrace = (spans: ReceivedSpan[]) => spans.filter((span) => span.traceId === traceId);
    const spans = inTrace(
      await collector.until((all) => {
        const mine = inTrace(all);
        return (
          mine.some((s) => s.service === 'shop-gateway' && s.kind === SPAN_KIND_SERVER) &&
          mine.some((s) => s.service === 'shop-service' && s.kind === SPAN_KIND_SERVER) &&
          mine.some((s) => s.attributes['db.system.name'] === 'sqlite') &&
          mine.some((s) => s.name === 'query TelemetryProbe') &&
          mine.some((s) => s.name.startsWith('dataloader.batch'))
        );
      }),
    );
    const gateway = spans.filter((s) => s.service === 'shop-gateway');
    const service = spans.filter((s) => s.service === 'shop-service');

    // The gateway continued the caller's trace: its request span's parent is the caller's span.
    const entry = gateway.find((s) => s.kind === SPAN_KIND_SERVER)!;
    expect(entry.parentSpanId).toMatch(/^[0-9a-f]{16}$/);
    expect(gateway.some((s) => s.spanId === entry.parentSpanId)).toBe(false);

    const operation = gateway.find((s) => s.name === 'query TelemetryProbe')!;
    expect(operation.attributes).toMatchObject({
      'graphql.operation.name': 'TelemetryProbe',
      'graphql.operation.type': 'query',
      'shop.graphql.outcome': 'ok',
    });

    // Resolvers' REST calls go through DataLoaders, one span per batch, named after the loader.
    const batch = gateway.find((s) => s.name === 'dataloader.batch categories');
    expect(batch).toBeDefined();

    // Each REST call is an undici client span, and the service's request span is its child.
    const calls = gateway.filter((s) => s.kind === SPAN_KIND_CLIENT);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const served = service.filter((s) => s.kind === SPAN_KIND_SERVER);
    expect(served.length).toBeGreaterThanOrEqual(1);
    for (const request of served) expect(calls.map((c) => c.spanId)).toContain(request.parentSpanId);
    expect(served.map((s) => s.attributes['http.route'])).toContain('/service/shop/product/page');

    // Statements are traced with their placeholders, inside the service's request.
    const statements = service.filter((s) => s.attributes['db.system.name'] === 'sqlite');
    expect(statements.length).toBeGreaterThanOrEqual(1);
    for (const statement of statements) {
      expect(String(statement.attributes['db.query.text'])).toMatch(/^\s*(select|with)\b/i);
      expect(statement.kind).toBe(SPAN_KIND_CLIENT);
    }

    // Variable values appear nowhere: not on the operation, not in a URL, not in a statement.
    expect(JSON.stringify(spans)).not.toContain(secretKeyword);
  });

  it('the log lines of a request carry its trace and span ids', async () => {
    const traceId = randomBytes(16).toString('hex');
    await probe(shop, traceId);
    await expect.poll(() => gatewayLines(shop, traceId).length, { timeout: 5_000 }).toBeGreaterThan(0);
    const lines = gatewayLines(shop, traceId).map((line) => JSON.parse(line) as Record<string, unknown>);
    const operation = lines.find((line) => line.msg === 'graphql operation');
    expect(operation).toMatchObject({ trace_id: traceId, operationName: 'TelemetryProbe' });
    expect(operation?.span_id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('metrics', () => {
  it('the gateway counts the operations, upstream calls and requests it served', async () => {
    const before = parsePrometheus(await (await fetch(shop.gatewayMetricsUrl)).text());
    // A name the client made up is no label of its own (the series stay bounded); a registered
    // operation of the manifest is counted by its name.
    const operations = { graphql_operation_name: 'unregistered', outcome: 'ok' };
    const registered = { graphql_operation_name: 'CategoriesPage', outcome: 'ok' };
    await probe(shop, randomBytes(16).toString('hex'));
    const categories = await fetch(`${shop.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify({ query: operation('CategoriesPage').body }),
    });
    expect(categories.status).toBe(200);
    const res = await fetch(shop.gatewayMetricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const after = parsePrometheus(await res.text());
    const name = 'shop_graphql_operation_duration_count';
    expect(sumOf(after, name, operations) - sumOf(before, name, operations)).toBe(1);
    expect(sumOf(after, name, registered) - sumOf(before, name, registered)).toBe(1);
    expect(sumOf(after, name, { graphql_operation_name: 'TelemetryProbe' })).toBe(0);
    expect(sumOf(after, 'http_client_request_duration_count')).toBeGreaterThan(
      sumOf(before, 'http_client_request_duration_count'),
    );
    expect(sumOf(after, 'shop_cache_requests_total', { cache: 'response' })).toBeGreaterThan(0);
    expect(
      sumOf(after, 'http_server_request_duration_count', { http_response_status_code: '200' }),
    ).toBeGreaterThan(0);
    expect(sumOf(after, 'process_cpu_time_total')).toBeGreaterThan(0);
    expect(sumOf(after, 'nodejs_eventloop_utilization')).toBeGreaterThan(0);
  });

  it('the service counts its requests by route and its statements', async () => {
    const route = { http_route: '/service/shop/product/page', http_response_status_code: '200' };
    const before = parsePrometheus(await (await fetch(shop.serviceMetricsUrl)).text());
    await probe(shop, randomBytes(16).toString('hex'));
    const after = parsePrometheus(await (await fetch(shop.serviceMetricsUrl)).text());
    const name = 'http_server_request_duration_count';
    expect(sumOf(after, name, route) - sumOf(before, name, route)).toBe(2);
    const statements = { db_system_name: 'sqlite', db_operation_name: 'SELECT' };
    expect(sumOf(after, 'db_client_operation_duration_count', statements)).toBeGreaterThan(
      sumOf(before, 'db_client_operation_duration_count', statements),
    );
    expect(after.some((s) => s.name === 'shop_password_hash_queue' && s.labels.state === 'queued')).toBe(
      true,
    );
  });

  it('the public ports do not serve metrics', async () => {
    expect((await fetch(`${shop.gatewayUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${shop.serviceUrl}/metrics`)).status).toBe(404);
  });
});
