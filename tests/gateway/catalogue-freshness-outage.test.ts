// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * An edit made while Redis cannot be reached is not lost to the caches: two gateways share Redis
 * (through a TCP proxy that can cut and refuse connections, so a command sent in the outage is
 * lost, as in a network partition, rather than run later) and keep a product's answer; Redis
 * becomes unreachable, the admin changes the price on one gateway (it cannot record the
 * catalogue's new generation), and the other gateway shows the new price while Redis is gone
 * (nothing is read from a cache whose generation is unknown) and after it is back, never the old
 * price Redis still holds under the old generation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/src/server.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { startTcpFaultProxy, type TcpFaultProxy } from '../../scripts/tcp-fault-proxy.ts';
import { type CookieJar, closeServer, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const ADMIN_PRODUCT = 'query($id: ID!) { adminProduct(id: $id) { version } }';
const UPDATE = `mutation($input: UpdateProductInput!) {
  updateProduct(input: $input) { product { id } userErrors { code message } } }`;
const PRODUCT = 'query($id: ID!) { product(id: $id) { id price { fen } } }';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gateway: an edit while Redis cannot be reached', () => {
  let redis: RedisServer;
  let proxy: TcpFaultProxy;
  let h: GatewayHarness;
  let admin: CookieJar;
  let other: { gateway: Gateway; server: http.Server; url: string };

  beforeAll(async () => {
    redis = await startRedis();
    const target = new URL(redis.url);
    proxy = await startTcpFaultProxy({ host: target.hostname, port: Number(target.port) });
    target.port = String(proxy.port);
    // A deadline a loaded machine keeps.
    h = await startGatewayHarness({ gatewayEnv: { REDIS_URL: target.toString(), REDIS_TIMEOUT: '1s' } });
    const gateway = await createGateway(h.config, { logger: pino({ level: 'silent' }) });
    const server = http.createServer(gateway.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    other = { gateway, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    admin = h.jar();
    await h.gql(LOGIN, { input: { account: 'admin', password: 'admin123' } }, { jar: admin });
  });
  afterAll(async () => {
    proxy?.refuse(false);
    if (other) {
      await closeServer(other.server);
      await other.gateway.close();
    }
    await h?.close();
    await proxy?.close();
    await redis?.stop();
  });

  /** The price the other gateway answers for the product. */
  const priceOnOther = async (id: string): Promise<number> => {
    const res = await fetch(`${other.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: PRODUCT, variables: { id } }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    return body.data.product.price.fen;
  };

  it('shows the new price during the outage and after it, never the kept one', async () => {
    const row = await h.service.ctx.db
      .selectFrom('products')
      .select(['id', 'price'])
      .where('on_shelf', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const id = String(row.id);
    // Kept: the second read reaches the service no more.
    expect(await priceOnOther(id)).toBe(row.price);
    const calls = h.serviceLog.length;
    expect(await priceOnOther(id)).toBe(row.price);
    expect(h.serviceLog.length).toBe(calls);

    const version = (await h.gql<any>(ADMIN_PRODUCT, { id }, { jar: admin })).data.adminProduct.version;
    const fen = row.price + 7;
    proxy.refuse(true);
    proxy.cut();
    try {
      const edit = await h.gql<any>(
        UPDATE,
        { input: { id, version, price: (fen / 100).toFixed(2) } },
        { jar: admin },
      );
      expect(edit.errors).toBeUndefined();
      expect(edit.data.updateProduct.userErrors).toEqual([]);
      // Redis gone for longer than the circuit's probe interval, reads coming all along.
      const goneAt = performance.now();
      while (performance.now() - goneAt < 1_500) {
        expect(await priceOnOther(id)).toBe(fen);
        await wait(50);
      }
    } finally {
      proxy.refuse(false);
    }
    // Redis back: the kept answer (old price, old generation) must stay unread.
    const backAt = performance.now();
    while (performance.now() - backAt < 2_000) {
      expect(await priceOnOther(id)).toBe(fen);
      await wait(25);
    }
  });
});
