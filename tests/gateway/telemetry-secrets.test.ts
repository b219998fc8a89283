/**
 * A payment link's token is a bearer secret (whoever holds the link may pay or cancel for 15
 * minutes): opening and cancelling the hosted page through the gateway, with traces exported and
 * both processes logging at info, leaves the token in no span name or attribute, no metric label
 * and no log line of either process. Where the address is told, it is told by its route template.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedSpan, startCollector, startTelemetryShop } from './telemetry-harness.ts';

const SPAN_KIND_SERVER = 2;
const TEMPLATE = '/service/pay/lpay/checkout/:token';

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

/** A shopper's GraphQL call through the gateway, keeping the session cookie it is given. */
function shopper() {
  let cookie = '';
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(`${shop.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'apollo-require-preflight': 'true',
        origin: shop.gatewayUrl,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const session = res.headers.getSetCookie().find((line) => line.startsWith('shop_session='));
    if (session) cookie = session.split(';')[0];
    const body = (await res.json()) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data;
  };
}

/** A new shopper's pending order and its payment link, as the checkout starts it. */
async function paymentLink(): Promise<URL> {
  const gql = shopper();
  const suffix = randomBytes(3).toString('hex');
  await gql('mutation($i: RegisterInput!) { register(input: $i) { userErrors { code } } }', {
    i: { username: `tok${suffix}`, password: 'secret123', phone: `139${String(Date.now()).slice(-8)}` },
  });
  const address = await gql<{ createAddress: { address: { id: string } } }>(
    'mutation($i: CreateAddressInput!) { createAddress(input: $i) { address { id } } }',
    { i: { recipient: '王五', phone: '13955550002', city: '上海市 上海市', detail: '淮海路 2 号' } },
  );
  const products = await gql<{ products: { records: Array<{ id: string; stock: number }> } }>(
    '{ products(page: { pageSize: 5 }) { records { id stock } } }',
  );
  const placed = await gql<{ placeOrder: { order: { id: string } } }>(
    'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { order { id } } }',
    {
      i: {
        productId: products.products.records.find((product) => product.stock > 0)?.id,
        quantity: 1,
        addressId: address.createAddress.address.id,
        paymentMethod: 'LPAY',
        requestId: randomUUID(),
      },
    },
  );
  const started = await gql<{ startPayment: { payUrl: string } }>(
    'mutation($i: StartPaymentInput!) { startPayment(input: $i) { payUrl } }',
    { i: { orderId: placed.placeOrder.order.id, method: 'LPAY' } },
  );
  return new URL(started.startPayment.payUrl);
}

describe('a payment link in telemetry', () => {
  it('is told by its route template: the token is in no span, metric label or log line', async () => {
    const link = await paymentLink();
    const token = link.pathname.split('/').at(-1) ?? '';
    expect(token).toMatch(/^[\w-]{20,}$/);
    const traceId = randomBytes(16).toString('hex');
    const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;

    const page = await fetch(`${shop.gatewayUrl}${link.pathname}${link.search}`, {
      headers: { accept: 'text/html', traceparent },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(token);
    const cancelled = await fetch(`${shop.gatewayUrl}${link.pathname}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.gatewayUrl, traceparent },
      body: '',
      redirect: 'manual',
    });
    expect(cancelled.status).toBe(303);

    // Both requests were answered by the gateway and by the service, in the caller's trace.
    const gatewayServed = (spans: ReceivedSpan[]) =>
      spans.filter(
        (span) =>
          span.traceId === traceId && span.service === 'shop-gateway' && span.kind === SPAN_KIND_SERVER,
      );
    const serviceRoutes = (spans: ReceivedSpan[]) =>
      spans
        .filter(
          (span) =>
            span.traceId === traceId && span.service === 'shop-service' && span.kind === SPAN_KIND_SERVER,
        )
        .map((span) => span.attributes['http.route']);
    await collector.until(
      (spans) =>
        gatewayServed(spans).length >= 2 &&
        serviceRoutes(spans).includes(TEMPLATE) &&
        serviceRoutes(spans).includes(`${TEMPLATE}/cancel`),
    );
    const spans = JSON.stringify(collector.spans);
    expect(spans).not.toContain(token);
    expect(gatewayServed(collector.spans).map((span) => span.attributes['url.path'])).toEqual([
      TEMPLATE,
      `${TEMPLATE}/cancel`,
    ]);

    const serviceMetrics = await (await fetch(shop.serviceMetricsUrl)).text();
    const gatewayMetrics = await (await fetch(shop.gatewayMetricsUrl)).text();
    expect(serviceMetrics).not.toContain(token);
    expect(gatewayMetrics).not.toContain(token);
    expect(serviceMetrics).toContain(`http_route="${TEMPLATE}"`);

    // The service writes its request line when the answer is finished: wait for the cancel's.
    await expect
      .poll(() => shop.serviceLog().includes(`"path":"${TEMPLATE}/cancel"`), { timeout: 5_000 })
      .toBe(true);
    expect(shop.serviceLog()).not.toContain(token);
    expect(shop.gatewayLog()).not.toContain(token);
  });
});
