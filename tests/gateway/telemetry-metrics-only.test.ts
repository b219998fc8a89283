/**
 * Telemetry as `npm start` runs it by default: metrics on their own ports, no traces. The request
 * metrics keep their routes without the HTTP and Express instrumentations, and nothing of the span
 * machinery runs (log lines carry no trace ids, even when the caller sends a `traceparent`).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayLines, parsePrometheus, probe, startTelemetryShop, sumOf } from './telemetry-harness.ts';

let shop: Awaited<ReturnType<typeof startTelemetryShop>>;

beforeAll(async () => {
  shop = await startTelemetryShop();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

const scrape = async (url: string) => parsePrometheus(await (await fetch(url)).text());

describe('metrics without traces', () => {
  it('both processes count their requests by route, and the gateway its calls', async () => {
    const [gatewayBefore, serviceBefore] = await Promise.all([
      scrape(shop.gatewayMetricsUrl),
      scrape(shop.serviceMetricsUrl),
    ]);
    await probe(shop, randomBytes(16).toString('hex'));
    expect((await fetch(`${shop.gatewayUrl}/no/such/page`)).status).toBe(404);
    const [gateway, service] = await Promise.all([
      scrape(shop.gatewayMetricsUrl),
      scrape(shop.serviceMetricsUrl),
    ]);
    const name = 'http_server_request_duration_count';
    const delta = (after: typeof gateway, before: typeof gateway, labels: Record<string, string>) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);

    expect(delta(gateway, gatewayBefore, { http_route: '/graphql', http_response_status_code: '200' })).toBe(
      1,
    );
    expect(
      delta(gateway, gatewayBefore, { http_response_status_code: '404', http_request_method: 'GET' }),
    ).toBe(1);
    expect(
      delta(service, serviceBefore, {
        http_route: '/service/shop/product/page',
        http_response_status_code: '200',
      }),
    ).toBe(2);
    // Routes are templates, never addresses: the series stay bounded.
    expect(
      service.filter((s) => s.name === name).every((s) => !/\/\d+(\/|$)/.test(s.labels.http_route ?? '')),
    ).toBe(true);
    expect(sumOf(gateway, 'http_client_request_duration_count')).toBeGreaterThan(
      sumOf(gatewayBefore, 'http_client_request_duration_count'),
    );
    expect(sumOf(gateway, 'shop_graphql_operation_duration_count', { outcome: 'ok' })).toBeGreaterThan(0);
  });

  it('makes no spans: log lines carry no trace ids', async () => {
    const traceId = randomBytes(16).toString('hex');
    const operations = () => gatewayLines(shop, '"graphql operation"').length;
    const before = operations();
    await probe(shop, traceId);
    await expect.poll(operations, { timeout: 5_000 }).toBeGreaterThan(before);
    expect(shop.gatewayLog()).not.toContain(traceId);
    expect(shop.gatewayLog()).not.toContain('"trace_id"');
  });
});
