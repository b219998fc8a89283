// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A logout ends the private answers kept for the session at once, on every gateway: two gateways
 * on one service share a real Redis; a shopper's menus (kept in the response cache, private to the
 * session) are read through both, the session ends on one, and the old cookie replayed on either
 * is answered by the service (which now refuses it), never from the cache.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/src/server.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { closeServer, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { viewer { id } } }';
const LOGOUT = 'mutation { logout { session { isAuthenticated } } }';
const MENUS = '{ resources { buttons menus { id routerPath } } }';
const RESOURCE_CALL = 'GET /service/account/resource';
/** The language is part of the cache key: both clients send the same. */
const headers = { 'accept-language': 'en-GB' };

describe('gateway: logout ends private caching', () => {
  let redis: RedisServer;
  let h: GatewayHarness;
  let other: { gateway: Gateway; server: http.Server; url: string };

  beforeAll(async () => {
    redis = await startRedis();
    // REDIS_TIMEOUT: the shared entry must hold for the test to mean anything, on a loaded machine too
    h = await startGatewayHarness({
      gatewayEnv: { REDIS_URL: redis.url, REDIS_TIMEOUT: '1s', GATEWAY_RESOURCES_MAX_AGE: '30' },
    });
    // A second gateway of the same cluster: same service, session key and Redis.
    const gateway = await createGateway(h.config, { logger: pino({ level: 'silent' }) });
    const server = http.createServer(gateway.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    other = { gateway, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    if (other) {
      await closeServer(other.server);
      await other.gateway.close();
    }
    await h?.close();
    await redis?.stop();
  });

  /** A GraphQL request to the second gateway with a raw Cookie header. */
  const onOther = async (query: string, cookie: string): Promise<any> => {
    const res = await fetch(`${other.url}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query }),
    });
    return res.json();
  };

  it('serves no answer kept for a session after it ended, on any gateway', async () => {
    const jar = h.jar();
    const login = await h.gql<any>(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar });
    expect(login.errors).toBeUndefined();
    const cookie = jar.header();

    h.resetServiceLog();
    const first = await h.gql<any>(MENUS, undefined, { cookie, headers });
    expect(first.errors).toBeUndefined();
    expect(first.data.resources.menus.length).toBeGreaterThan(0);
    // Kept in the shared Redis (written behind the answer: read back here first, on the connection
    // that wrote it), and the other gateway answers the session from it.
    expect((await h.gql<any>(MENUS, undefined, { cookie, headers })).data).toEqual(first.data);
    const shared = await onOther(MENUS, cookie);
    expect(shared.data).toEqual(first.data);
    expect(h.serviceCalls(RESOURCE_CALL)).toBe(1);

    // The session ends on the other gateway.
    const logout = await onOther(LOGOUT, cookie);
    expect(logout.errors).toBeUndefined();
    expect(logout.data.logout.session.isAuthenticated).toBe(false);

    // The old cookie replayed, on either gateway: the service is asked, and refuses it.
    for (const replay of [
      () => h.gql<any>(MENUS, undefined, { cookie, headers }),
      () => onOther(MENUS, cookie),
    ]) {
      const before = h.serviceCalls(RESOURCE_CALL);
      const answer = await replay();
      expect(answer.data?.resources ?? null).toBeNull();
      expect(answer.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect(h.serviceCalls(RESOURCE_CALL)).toBe(before + 1);
    }
  });
});
