// biome-ignore-all lint/suspicious/noExplicitAny: REST and GraphQL answers are asserted field by field
/**
 * A database outage under load (service-postgres project only). The shop service and a gateway run
 * as child processes whose PostgreSQL connections pass through a TCP fault proxy. During a burst of
 * order placements the proxy cuts every connection and refuses new ones for 5 s (what a restart
 * or failover looks like from the service), then lets them through again. The service process
 * must stay up, answer 503 (the gateway UPSTREAM_UNAVAILABLE) and not-ready while the database is
 * away, serve again within 5 s of its return, and every order it acknowledged must be in the
 * database with the stock adding up. The real PostgreSQL cluster is never touched.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/cluster.ts';
import { startTcpFaultProxy, type TcpFaultProxy } from '../../scripts/tcp-fault-proxy.ts';
import { startTestService, type TestService } from './harness.ts';
import { addProduct, type Shopper, shopper } from './orders-fixture.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const OUTAGE_MS = 5_000;
const STOCK = 100_000;
const BUYERS = 12;

describe('database outage: cut, refuse 5 s, return', () => {
  let setup: TestService;
  let proxy: TcpFaultProxy;
  let cluster: Cluster;
  let serviceUrl: string;
  let productIds: number[];
  let buyers: Shopper[];

  beforeAll(async () => {
    setup = await startTestService();
    const direct = setup.config.databaseUrl;
    if (!direct) throw new Error('the outage suite runs on PostgreSQL only');
    const target = new URL(direct);
    proxy = await startTcpFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = proxy.host;
    viaProxy.port = String(proxy.port);
    productIds = [await addProduct(setup, { stock: STOCK }), await addProduct(setup, { stock: STOCK })];
    buyers = [];
    for (let i = 0; i < BUYERS; i += 1) buyers.push(await shopper(setup));
    cluster = await startCluster({
      instances: 1,
      databaseUrl: viaProxy.toString(),
      databaseSchema: setup.config.databaseSchema,
      serviceEnv: { DATA_DIR: setup.config.dataDir, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '12' },
      gatewayEnv: { LOG_LEVEL: 'silent', DATA_DIR: setup.config.dataDir, UPSTREAM_TIMEOUT: '3s' },
      stdio: 'ignore',
    });
    serviceUrl = cluster.serviceUrls[0];
  }, 180_000);
  afterAll(async () => {
    await cluster?.stop();
    await proxy?.close();
    await setup?.close();
  });

  async function place(buyer: Shopper, productId: number, quantity: number) {
    const res = await fetch(`${serviceUrl}/service/shop/order`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json', 'accept-language': 'en-GB' },
      body: JSON.stringify({
        productId,
        quantity,
        addressId: buyer.addressId,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      }),
    });
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json()) as any,
    };
  }

  const status = async (path: string) => (await fetch(`${serviceUrl}${path}`)).status;

  it('stays up, answers 503 while the database is away, serves again within 5 s, loses no order', async () => {
    const acknowledged: Array<{ id: number; productId: number; quantity: number }> = [];
    const during = { unavailable: 0, retryAfter: 0 };
    const unexpected: any[] = [];
    let phase: 'before' | 'outage' | 'after' = 'before';
    let running = true;

    const burst = buyers.map(async (buyer, index) => {
      for (let round = 0; running; round += 1) {
        const productId = productIds[(index + round) % productIds.length];
        const quantity = 1 + (round % 3);
        const answer = await place(buyer, productId, quantity);
        if (answer.status === 200 && answer.body.success) {
          acknowledged.push({ id: Number(answer.body.data.id), productId, quantity });
        } else if (answer.status === 503) {
          if (phase === 'outage') {
            during.unavailable += 1;
            if (answer.retryAfter) during.retryAfter += 1;
          }
          expect(answer.body.message).toBe('common.databaseUnavailable');
          await wait(100);
        } else {
          unexpected.push({ status: answer.status, body: answer.body });
        }
      }
    });

    // The burst is under way (on a loaded machine the first orders can take a while).
    for (let waited = 0; acknowledged.length === 0 && waited < 20_000; waited += 100) await wait(100);
    await wait(300);
    const beforeCut = acknowledged.length;
    phase = 'outage';
    proxy.refuse(true);
    proxy.cut();
    await wait(1_000);
    // The process is alive (liveness answers), not ready, and the gateway says UPSTREAM_UNAVAILABLE.
    expect(await status('/healthz')).toBe(200);
    expect(await status('/readyz')).toBe(503);
    const gql = await fetch(`${cluster.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-GB' },
      body: JSON.stringify({ query: `query { product(id: "${productIds[0]}") { id stock } }` }),
    });
    const gqlBody = (await gql.json()) as any;
    expect(gqlBody.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect((await fetch(`${cluster.gatewayUrls[0]}/readyz`)).status).toBe(503);
    await wait(OUTAGE_MS - 1_000);

    const duringCut = acknowledged.length;
    phase = 'after';
    proxy.refuse(false);
    const back = performance.now();
    let servedAgainMs = Number.POSITIVE_INFINITY;
    while (performance.now() - back < 10_000) {
      const answer = await place(buyers[0], productIds[0], 1);
      if (answer.status === 200 && answer.body.success) {
        acknowledged.push({ id: Number(answer.body.data.id), productId: productIds[0], quantity: 1 });
        servedAgainMs = performance.now() - back;
        break;
      }
      await wait(100);
    }
    await wait(1_000);
    running = false;
    await Promise.all(burst);

    expect(unexpected).toEqual([]);
    expect(beforeCut).toBeGreaterThan(0);
    expect(during.unavailable).toBeGreaterThan(0);
    expect(during.retryAfter).toBe(during.unavailable);
    expect(servedAgainMs).toBeLessThan(5_000);
    expect(acknowledged.length).toBeGreaterThan(duringCut);
    expect(await status('/readyz')).toBe(200);
    expect(proxy.refused).toBeGreaterThan(0);

    // Every acknowledged order is stored whole, and stock + sold = starting stock per product.
    const { db } = setup.ctx;
    const stored = await db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'quantity'])
      .where('product_id', 'in', productIds)
      .execute();
    const byOrder = new Map(stored.map((row) => [row.order_id, row]));
    for (const order of acknowledged) {
      expect(byOrder.get(order.id), `order ${order.id}`).toMatchObject({
        product_id: order.productId,
        quantity: order.quantity,
      });
    }
    const orders = await db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', [...byOrder.keys()])
      .execute();
    expect(orders.length).toBe(byOrder.size);
    for (const productId of productIds) {
      const row = await db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow();
      const sold = stored
        .filter((line) => line.product_id === productId)
        .reduce((sum, l) => sum + l.quantity, 0);
      expect(row.stock + sold).toBe(STOCK);
    }
  }, 60_000);
});
