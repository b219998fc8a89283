/**
 * One mapping from REST answers to GraphQL (gateway/src/upstream/errors.ts), exercised against the
 * real service where it produces the case, and against a tiny stub server for 5xx/odd statuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenQuery } from '../../gateway/src/upstream/client.ts';
import { closeServer, type GatewayHarness, listen, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

const CALL = 'query($path: String!, $query: JSON) { call(path: $path, query: $query) }';
const MUTATE =
  'mutation($method: String!, $path: String!, $body: JSON) { call(method: $method, path: $path, body: $body) }';
const LOGIN = 'mutation($a: String!, $p: String!) { login(account: $a, password: $p) }';

describe('REST answers → GraphQL (real service)', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      serviceEnv: { LOGIN_MAX_FAILURES: '2' },
    });
  });
  afterAll(() => h.close());

  it('200 success:true returns data; a success toast becomes extensions.notices', async () => {
    const res = await h.gql(MUTATE, {
      method: 'POST',
      path: '/shop/shop-user/register',
      body: { username: 'notice01', password: 'secret123', phone: '13912340001' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.call).toMatchObject({ id: expect.anything() });
    expect(res.extensions?.notices).toEqual([expect.objectContaining({ alterMsg: '注册成功!', type: 1 })]);
  });

  it('200 success:false (business refusal) → BAD_USER_INPUT with alterMsg, type and message key', async () => {
    const res = await h.gql(LOGIN, { a: 'demo', p: 'wrong-password' });
    expect(res.data?.login).toBeNull();
    const ext = res.errors?.[0].extensions;
    expect(ext).toMatchObject({ code: 'BAD_USER_INPUT', refused: true, type: 2, status: 200 });
    expect(typeof ext?.alterMsg).toBe('string');
    expect(typeof ext?.messageKey).toBe('string');
    expect(res.errors?.[0].message).toBe(ext?.alterMsg);
  });

  it('400 → BAD_USER_INPUT with the field information', async () => {
    const res = await h.gql(MUTATE, {
      method: 'POST',
      path: '/shop/shop-user/register',
      body: { username: 'x' },
    });
    const ext = res.errors?.[0].extensions;
    expect(ext).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
    expect(ext?.alterMsg).toBeTruthy();
    expect(ext?.fields ?? ext?.alterMsg).toBeTruthy();
  });

  it('401 without a session → UNAUTHENTICATED (no refresh attempted)', async () => {
    h.resetServiceLog();
    const res = await h.gql('{ whoami }');
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(0);
  });

  it("403 → FORBIDDEN with '无访问权限'", async () => {
    const jar = h.jar();
    const login = await h.gql(LOGIN, { a: 'demo', p: 'demo123' }, { jar });
    expect(login.errors).toBeUndefined();
    const res = await h.gql(CALL, { path: '/admin/order/page' }, { jar });
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'FORBIDDEN',
      alterMsg: '无访问权限',
      status: 403,
    });
    expect(res.errors?.[0].message).toBe('无访问权限');
  });

  it('404 → NOT_FOUND', async () => {
    const res = await h.gql(CALL, { path: '/no/such/resource' });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('429 → RATE_LIMITED', async () => {
    let last: Awaited<ReturnType<GatewayHarness['gql']>> | undefined;
    for (let i = 0; i < 4; i++) last = await h.gql(LOGIN, { a: 'admin', p: `wrong-${i}` });
    expect(last?.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
  });

  it('passes Accept-Language through (en-GB gets English texts)', async () => {
    const res = await h.gql(
      CALL,
      { path: '/shop/shop-user/detail' },
      { headers: { 'accept-language': 'en-GB' } },
    );
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(String(res.errors?.[0].extensions?.alterMsg)).toMatch(/[A-Za-z]/);
    const zh = await h.gql(CALL, { path: '/shop/shop-user/detail' });
    expect(String(zh.errors?.[0].extensions?.alterMsg)).not.toBe(res.errors?.[0].extensions?.alterMsg);
  });
});

describe('REST answers → GraphQL (stub service)', () => {
  let h: GatewayHarness;
  let stub: Awaited<ReturnType<typeof listen>>;
  const seen: string[] = [];
  beforeAll(async () => {
    stub = await listen((req, res) => {
      seen.push(req.url ?? '');
      const status = Number(/\/status\/(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
      if (req.url?.startsWith('/service/html')) {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success: status === 200,
          data: null,
          message: 'stub',
          alterMsg: status === 200 ? null : 'stack at Object.<anonymous> (/srv/secret.js:1:1)',
          type: 2,
        }),
      );
    });
    h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      serviceUrl: stub.url,
    });
  });
  afterAll(async () => {
    await h.close();
    await closeServer(stub.server);
  });

  it.each([500, 502])('%i → UPSTREAM_ERROR without forwarding internals', async (status) => {
    const res = await h.gql(CALL, { path: `/status/${status}` });
    const error = res.errors?.[0];
    expect(error?.extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status });
    expect(JSON.stringify(error)).not.toContain('secret.js');
    expect(res.status).toBe(200);
  });

  it('503 with an envelope → UPSTREAM_UNAVAILABLE with retryAfter, without forwarding internals', async () => {
    const res = await h.gql(CALL, { path: '/status/503' });
    const error = res.errors?.[0];
    expect(error?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503, retryAfter: 1 });
    expect(JSON.stringify(error)).not.toContain('secret.js');
  });

  it('a non-JSON 5xx answer → UPSTREAM_ERROR', async () => {
    const res = await h.gql(CALL, { path: '/html' });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'UPSTREAM_ERROR', status: 502 });
  });

  it('an unexpected status → INTERNAL_SERVER_ERROR', async () => {
    const res = await h.gql(CALL, { path: '/status/418' });
    expect(res.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('sends GET query parameters as name=value, leaving out null', async () => {
    seen.length = 0;
    await h.gql(CALL, {
      path: '/status/200',
      query: { ids: '1,2,3', city: '上海', min: 2, keyword: 'tea', skip: null },
    });
    const url = new URL(seen[0], 'http://x');
    expect(url.searchParams.get('ids')).toBe('1,2,3');
    expect(url.searchParams.get('city')).toBe('上海');
    expect(url.searchParams.get('min')).toBe('2');
    expect(url.searchParams.get('keyword')).toBe('tea');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(flattenQuery({})).toBe('');
  });
});
