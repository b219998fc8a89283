/**
 * The infrastructure with the real schema and resolvers: browser login through the real login
 * mutation, the response cache on a product page, private answers never cached, and the
 * single-flight refresh for 20 concurrent viewer queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = `mutation Login($input: LoginInput!) {
  login(input: $input) { session { isAuthenticated defaultPassword } }
}`;
const PRODUCT = 'query Product($id: ID!) { product(id: $id) { id name price { amount } } }';
const VIEWER = 'query Viewer { viewer { id account } }';

describe('gateway infrastructure with the real schema', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h.close());

  it('logs a browser in with an HttpOnly session cookie', async () => {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    expect(res.errors).toBeUndefined();
    expect(res.data?.login).toMatchObject({ session: { isAuthenticated: true } });
    expect(res.setCookies.find((c) => c.startsWith('shop_session='))).toMatch(/HttpOnly/);
    const me = await h.gql(VIEWER, {}, { jar });
    expect(me.data?.viewer).toMatchObject({ account: 'demo' });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('serves a popular product page from the response cache', async () => {
    h.resetServiceLog();
    const first = await h.gql(PRODUCT, { id: '1' });
    expect(first.errors).toBeUndefined();
    expect(first.data?.product).toMatchObject({ id: '1' });
    expect(first.headers['cache-control']).toMatch(/public/);
    const calls = h.serviceLog.length;
    expect(calls).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const again = await h.gql(PRODUCT, { id: '1' });
      expect(again.data).toEqual(first.data);
      expect(again.upstreamCalls).toBe(0);
    }
    expect(h.serviceLog.length).toBe(calls);
    // Other variables are another entry.
    expect((await h.gql(PRODUCT, { id: '2' })).upstreamCalls).toBeGreaterThan(0);
  });

  it('20 concurrent viewer queries with an expired access token → one refresh, all answered', async () => {
    const jar = h.jar();
    await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    h.service.clock.advance(16 * 60_000);
    h.resetServiceLog();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.gql(VIEWER, {}, { cookie: jar.header() })),
    );
    for (const res of results) {
      expect(res.errors).toBeUndefined();
      expect(res.data?.viewer).toMatchObject({ account: 'demo' });
    }
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(1);
  });
});
