/**
 * Sessions (docs/architecture.md): sealed REST tokens in an HttpOnly cookie or as a bearer token, the
 * single-flight refresh on an upstream 401, and rejection of tampered or foreign seals. Runs
 * against the real service (accounts module) on a temporary database; the service clock is moved
 * forward to expire access tokens.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKeyFrom } from '../../gateway/src/config.ts';
import { openSession, sealSession } from '../../gateway/src/session/seal.ts';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

const LOGIN = 'mutation($a: String!, $p: String!) { login(account: $a, password: $p) }';
const BEARER_LOGIN = 'mutation($a: String!, $p: String!) { login(account: $a, password: $p, bearer: true) }';
const WHOAMI = '{ whoami }';
const ACCESS_TTL_MS = 15 * 60_000;

describe('gateway sessions', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ typeDefs: probeTypeDefs, resolvers: probeResolvers });
  });
  afterAll(() => h.close());

  async function browserLogin(account = 'demo', password = 'demo123'): Promise<CookieJar> {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { a: account, p: password }, { jar });
    expect(res.errors).toBeUndefined();
    expect(jar.get()).toBeTruthy();
    return jar;
  }

  it('login sets an HttpOnly, SameSite=Lax, Path=/ cookie holding no readable token', async () => {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { a: 'demo', p: 'demo123' }, { jar });
    const cookie = res.setCookies.find((c) => c.startsWith('shop_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
    // A JWE: five parts, and neither REST token appears in clear.
    expect(jar.get()?.split('.')).toHaveLength(5);
    const tokens = await openSession(jar.get()!, h.config.session.key);
    expect(jar.get()).not.toContain(tokens!.accessToken);
    const me = await h.gql(WHOAMI, {}, { jar });
    expect(me.data?.whoami).toMatchObject({ account: 'demo' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the cookie Secure when the request came over https (trusted X-Forwarded-Proto)', async () => {
    const https = { headers: { 'x-forwarded-proto': 'https' } };
    // By default the gateway trusts no proxy: a client's own header changes nothing.
    const untrusted = await h.gql(LOGIN, { a: 'demo', p: 'demo123' }, https);
    expect(untrusted.setCookies.find((c) => c.startsWith('shop_session='))).not.toMatch(/;\s*Secure/i);
    const behindProxy = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      gatewayEnv: { GATEWAY_TRUST_PROXY: 'loopback' },
    });
    try {
      const res = await behindProxy.gql(LOGIN, { a: 'demo', p: 'demo123' }, https);
      expect(res.setCookies.find((c) => c.startsWith('shop_session='))).toMatch(/;\s*Secure/i);
    } finally {
      await behindProxy.close();
    }
  });

  it('marks the cookie Secure whatever the hop when PUBLIC_ORIGIN is https (TLS ends at a proxy in front)', async () => {
    const tlsFronted = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      gatewayEnv: { PUBLIC_ORIGIN: 'https://shop.example' },
    });
    try {
      // Plain http from the proxy, no X-Forwarded-Proto the gateway would believe.
      const res = await tlsFronted.gql(LOGIN, { a: 'demo', p: 'demo123' });
      expect(res.setCookies.find((c) => c.startsWith('shop_session='))).toMatch(/;\s*Secure/i);
      const out = await tlsFronted.gql(
        'mutation { logout }',
        {},
        { cookie: res.setCookies[0]?.split(';')[0] },
      );
      const cleared = out.setCookies.find((c) => c.startsWith('shop_session='));
      if (cleared) expect(cleared).toMatch(/;\s*Secure/i);
    } finally {
      await tlsFronted.close();
    }
  });

  it('a bearer client uses the same sealed session', async () => {
    const login = await h.gql<{ login: string }>(BEARER_LOGIN, { a: 'demo', p: 'demo123' });
    const token = login.data!.login;
    const me = await h.gql(WHOAMI, {}, { bearer: token });
    expect(me.data?.whoami).toMatchObject({ account: 'demo' });
    expect(me.setCookies).toHaveLength(0);
  });

  it('a tampered cookie counts as no session and is cleared', async () => {
    const jar = await browserLogin();
    const sealed = jar.get()!;
    const parts = sealed.split('.');
    parts[3] = `${parts[3].slice(0, -2)}${parts[3].endsWith('AA') ? 'BB' : 'AA'}`;
    jar.set('shop_session', parts.join('.'));
    const res = await h.gql('{ session { isAuthenticated } whoami }', {}, { jar });
    expect(res.data?.session).toEqual({ isAuthenticated: false });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.setCookies.some((c) => /^shop_session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(jar.get()).toBeUndefined();
  });

  it('a session sealed under another key (foreign) is rejected, cookie or bearer', async () => {
    const jar = await browserLogin();
    const tokens = await openSession(jar.get()!, h.config.session.key);
    const foreign = await sealSession(tokens!, sessionKeyFrom(randomBytes(32).toString('hex')), 60_000);
    const viaCookie = await h.gql(WHOAMI, {}, { cookie: `shop_session=${foreign}` });
    expect(viaCookie.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(viaCookie.setCookies.some((c) => /Max-Age=0/i.test(c))).toBe(true);
    const viaBearer = await h.gql(WHOAMI, {}, { bearer: foreign });
    expect(viaBearer.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(viaBearer.extensions?.session).toEqual({ token: null });
    expect(await h.gql(WHOAMI, {}, { bearer: 'not-a-session' })).toMatchObject({
      errors: [expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })],
    });
  });

  it('an expired seal is rejected', async () => {
    const jar = await browserLogin();
    const tokens = await openSession(jar.get()!, h.config.session.key);
    const old = await sealSession(tokens!, h.config.session.key, 1000, new Date(Date.now() - 60_000));
    const res = await h.gql('{ session { isAuthenticated } }', {}, { cookie: `shop_session=${old}` });
    expect(res.data?.session).toEqual({ isAuthenticated: false });
  });

  it('20 concurrent requests with an expired access token → exactly one refresh upstream, all answered', async () => {
    const jar = await browserLogin();
    const before = jar.get();
    h.service.clock.advance(ACCESS_TTL_MS + 60_000);
    h.resetServiceLog();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.gql(WHOAMI, {}, { cookie: jar.header() })),
    );
    for (const res of results) {
      expect(res.errors).toBeUndefined();
      expect(res.data?.whoami).toMatchObject({ account: 'demo' });
      // The renewed session goes back on every response.
      expect(res.setCookies.some((c) => c.startsWith('shop_session=') && !/Max-Age=0/i.test(c))).toBe(true);
    }
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(1);
    // 20 first attempts (401) + 20 replays.
    expect(h.serviceCalls('GET /service/shop/shop-user/detail')).toBe(40);
    // The renewed cookie works on its own.
    jar.update(results[0].setCookies);
    expect(jar.get()).not.toBe(before);
    h.service.clock.advance(60_000);
    h.resetServiceLog();
    const after = await h.gql(WHOAMI, {}, { jar });
    expect(after.data?.whoami).toMatchObject({ account: 'demo' });
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(0);
  });

  it('a bearer client gets the renewed session in extensions.session.token', async () => {
    const login = await h.gql<{ login: string }>(BEARER_LOGIN, { a: 'demo', p: 'demo123' });
    const token = login.data!.login;
    h.service.clock.advance(ACCESS_TTL_MS + 60_000);
    const me = await h.gql(WHOAMI, {}, { bearer: token });
    expect(me.data?.whoami).toMatchObject({ account: 'demo' });
    const renewed = (me.extensions?.session as { token?: string } | undefined)?.token;
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(token);
    expect(me.setCookies).toHaveLength(0);
    const again = await h.gql(WHOAMI, {}, { bearer: renewed });
    expect(again.data?.whoami).toMatchObject({ account: 'demo' });
    expect(again.extensions?.session).toBeUndefined();
  });

  it('a failed refresh → UNAUTHENTICATED and the cookie cleared', async () => {
    const jar = await browserLogin();
    const tokens = (await openSession(jar.get()!, h.config.session.key))!;
    // The login is revoked behind the gateway's back (e.g. a password change elsewhere).
    const logout = await h.service.http
      .post('/service/shop/shop-user/logout')
      .set('authorization', `Bearer ${tokens.accessToken}`)
      .send({ refreshToken: tokens.refreshToken });
    expect(logout.body.success).toBe(true);
    h.resetServiceLog();
    const res = await h.gql(WHOAMI, {}, { jar });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(1);
    expect(res.setCookies.some((c) => /^shop_session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(jar.get()).toBeUndefined();
  });

  it('logout ends the session and clears the cookie', async () => {
    const jar = await browserLogin();
    const res = await h.gql('mutation { logout }', {}, { jar });
    expect(res.data?.logout).toBe(true);
    expect(jar.get()).toBeUndefined();
  });
});
