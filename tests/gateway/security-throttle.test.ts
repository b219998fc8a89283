// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Login and registration throttling per client, through the real gateway and real sockets. Each
 * client is a real loopback source address (127.0.0.2, 127.0.0.3 …): the gateway forwards the
 * address it trusts (req.ip; by default the socket's), the service trusts that header only from
 * its trusted peers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, rawRequest, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

const LOGIN =
  'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } userErrors { code message } } }';

/** A wrong password is a refusal in the payload (userErrors); throttling is a top-level RATE_LIMITED. */
const refusal = (res: any) => res.data?.login?.userErrors?.[0]?.code ?? res.errors?.[0]?.extensions?.code;
const REGISTER = `mutation($input: RegisterInput!) {
  register(input: $input) { userId sessionToken session { isAuthenticated viewer { account } } }
}`;

const loginFrom = (
  h: GatewayHarness,
  localAddress: string,
  account: string,
  password: string,
  headers = {},
) => h.gql<any>(LOGIN, { input: { account, password } }, { localAddress, headers });

/** The address keys of the failed logins the service recorded. */
async function addressFailures(h: GatewayHarness): Promise<string[]> {
  const rows = await h.service.ctx.db
    .selectFrom('login_failures')
    .select('throttle_key')
    .where('throttle_key', 'like', 'ip:%')
    .execute();
  return rows.map((row) => row.throttle_key);
}

async function registerShoppers(h: GatewayHarness, count: number, tag: string) {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = `${tag}${String(i).padStart(3, '0')}`;
    const res = await h.service.http
      .post('/service/shop/shop-user/register')
      .send({ username, password: 'secret123', phone: `137${tag.length}${String(i).padStart(7, '0')}` });
    expect(res.body.success).toBe(true);
    names.push(username);
  }
  return names;
}

describe('login throttling through the gateway (default trust: the socket address)', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({
      serviceEnv: { LOGIN_MAX_FAILURES: '10', LOGIN_ADDRESS_MAX_FAILURES: '10', LOGIN_WINDOW: '15m' },
    });
  });
  afterAll(() => h.close());

  it('ten failed logins from one client do not lock out other clients, nor correct passwords', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(h, '127.0.0.2', `stranger${i}`, 'wrong-pass1');
      expect(refusal(res)).toBe('ACCOUNT_BAD_CREDENTIALS');
    }
    // The admin, from another client, gets in.
    const admin = await loginFrom(h, '127.0.0.3', 'admin', 'admin123');
    expect(admin.errors).toBeUndefined();
    expect(admin.data.login.session.isAuthenticated).toBe(true);
    // Another client's wrong password is an ordinary failure, not RATE_LIMITED.
    const other = await loginFrom(h, '127.0.0.3', 'stranger_x', 'wrong-pass1');
    expect(refusal(other)).toBe('ACCOUNT_BAD_CREDENTIALS');
    // The failing client itself: wrong passwords are now throttled, a correct one still passes.
    const more = await loginFrom(h, '127.0.0.2', 'stranger_y', 'wrong-pass1');
    expect(refusal(more)).toBe('RATE_LIMITED');
    const demo = await loginFrom(h, '127.0.0.2', 'demo', 'demo123');
    expect(demo.errors).toBeUndefined();
    expect(demo.data.login.session.isAuthenticated).toBe(true);
  });

  it('20 parallel correct logins from 20 clients all succeed', async () => {
    const names = await registerShoppers(h, 20, 'para');
    const answers = await Promise.all(
      names.map((name, i) => loginFrom(h, `127.0.0.${10 + i}`, name, 'secret123')),
    );
    expect(answers.map((res) => res.errors?.[0].extensions?.code ?? 'ok')).toEqual(names.map(() => 'ok'));
    expect(answers.every((res) => res.data.login.session.isAuthenticated)).toBe(true);
  });

  it('30 parallel correct logins of 30 accounts from one client all succeed', async () => {
    const names = await registerShoppers(h, 30, 'crowd');
    const answers = await Promise.all(names.map((name) => loginFrom(h, '127.0.0.40', name, 'secret123')));
    expect(answers.every((res) => res.data?.login.session.isAuthenticated === true)).toBe(true);
  });

  it('ignores an X-Forwarded-For sent by a client (the gateway trusts no proxy by default)', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await loginFrom(h, '127.0.0.4', `spoofer${i}`, 'wrong-pass1', {
        'X-Forwarded-For': `198.51.100.${i + 1}`,
      });
      expect(refusal(res)).toBe('ACCOUNT_BAD_CREDENTIALS');
    }
    // All ten landed on the real address, so the next guess is throttled whatever it claims.
    const next = await loginFrom(h, '127.0.0.4', 'spoofer_x', 'wrong-pass1', {
      'X-Forwarded-For': '198.51.100.99',
    });
    expect(refusal(next)).toBe('RATE_LIMITED');
    const keys = await addressFailures(h);
    expect(keys.filter((key) => key === 'ip:127.0.0.4')).toHaveLength(11);
    expect(keys.some((key) => key.startsWith('ip:198.51.100.'))).toBe(false);
  });
});

describe('trusted peers are configurable on both sides', () => {
  it('the gateway believes X-Forwarded-For from GATEWAY_TRUST_PROXY peers only', async () => {
    const h = await startGatewayHarness({ gatewayEnv: { GATEWAY_TRUST_PROXY: '127.0.0.5' } });
    try {
      // 127.0.0.5 is a trusted front proxy: the client it names is the one counted.
      await loginFrom(h, '127.0.0.5', 'nobody_a', 'wrong-pass1', { 'X-Forwarded-For': '198.51.100.7' });
      // 127.0.0.6 is not: its header is ignored.
      await loginFrom(h, '127.0.0.6', 'nobody_b', 'wrong-pass1', { 'X-Forwarded-For': '198.51.100.8' });
      expect((await addressFailures(h)).sort()).toEqual(['ip:127.0.0.6', 'ip:198.51.100.7']);
    } finally {
      await h.close();
    }
  });

  it('the service ignores X-Forwarded-For from a peer it does not trust', async () => {
    const h = await startGatewayHarness({ serviceEnv: { SERVICE_TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      // Straight to the service from 127.0.0.8 (not a trusted peer), claiming to be someone else.
      const direct = await rawRequest(h.serviceUrl, {
        method: 'POST',
        path: '/service/shop/shop-user/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
        body: JSON.stringify({ account: 'nobody_c', password: 'wrong-pass1' }),
        localAddress: '127.0.0.8',
      });
      expect(direct.json().message).toBe('account.badCredentials');
      // Through the gateway (which connects from 127.0.0.1, the trusted peer) the client is named.
      await loginFrom(h, '127.0.0.9', 'nobody_d', 'wrong-pass1');
      expect((await addressFailures(h)).sort()).toEqual(['ip:127.0.0.8', 'ip:127.0.0.9']);
    } finally {
      await h.close();
    }
  });
});

describe('registration through the gateway', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { REGISTER_MAX_PER_ADDRESS: '2' } });
  });
  afterAll(() => h.close());

  it('signs in with the hash of the registration (no login call) and throttles per client address', async () => {
    h.resetServiceLog();
    const input = (n: number) => ({ username: `gwnew${n}`, password: 'secret123', phone: `1350000000${n}` });
    const first = await h.gql<any>(REGISTER, { input: input(1) }, { localAddress: '127.0.0.2' });
    expect(first.errors).toBeUndefined();
    expect(first.data.register.session).toEqual({ isAuthenticated: true, viewer: { account: 'gwnew1' } });
    expect(h.serviceCalls('POST /service/shop/shop-user/register')).toBe(1);
    expect(h.serviceCalls('POST /service/shop/shop-user/login')).toBe(0);
    expect(first.setCookies.some((c) => c.startsWith('shop_session='))).toBe(true);

    const bearer = await h.gql<any>(
      REGISTER,
      { input: { ...input(2), transport: 'BEARER' } },
      { localAddress: '127.0.0.2' },
    );
    expect(bearer.data.register.sessionToken).toMatch(/\S{40,}/);
    const third = await h.gql<any>(REGISTER, { input: input(3) }, { localAddress: '127.0.0.2' });
    expect(third.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    const elsewhere = await h.gql<any>(REGISTER, { input: input(3) }, { localAddress: '127.0.0.3' });
    expect(elsewhere.errors).toBeUndefined();
    expect(h.serviceCalls('POST /service/shop/shop-user/login')).toBe(0);
  });
});

describe('upstream deadline', () => {
  it('counts the time a call waits for a pool connection (one overall deadline per call)', async () => {
    const h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      gatewayEnv: { UPSTREAM_CONNECTIONS: '1', UPSTREAM_TIMEOUT: '1000ms' },
      serviceRoutes: (router) => {
        router.get('/__slow', (_req, res) => {
          setTimeout(
            () => res.json({ success: true, data: 'slow', message: 'ok', alterMsg: null, type: 1 }),
            600,
          );
        });
      },
    });
    try {
      const started = Date.now();
      const answers = await Promise.all(
        [0, 1, 2].map(async () => {
          const res = await h.gql<any>('{ call(path: "/__slow") }');
          return { res, ms: Date.now() - started };
        }),
      );
      // One connection: the 2nd and 3rd calls queue behind the 1st (done at ~600 ms). Without an
      // overall deadline they would finish at ~1200 and ~1800 ms; with it they give up at ~1000 ms.
      const timedOut = answers.filter((a) => a.res.errors?.[0].extensions?.reason === 'timeout');
      expect(timedOut.length).toBeGreaterThanOrEqual(1);
      expect(timedOut[0].res.errors?.[0].extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1700);
    } finally {
      await h.close();
    }
  });
});
