// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Caching that cannot serve the wrong language or stale stock: public answers vary by language
 * (in the gateway's response cache and for shared caches via `Vary`), answers that show stock are
 * cached only a few seconds, private answers never, every root field says its own policy in the
 * SDL, and the response cache stays within its bounds of entries and bytes.
 */
import zlib from 'node:zlib';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import { buildSchema, type GraphQLSchema } from 'graphql';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from '../../gateway/src/graphql/schema.ts';
import { type GatewayHarness, hasLogin, startGatewayHarness } from './harness.ts';

const NAMES = '{ categories { id name } }';
const EN = { 'accept-language': 'en-GB,en;q=0.9' };
const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
// The service reads this one as English (its first language it speaks); the gateway must not guess.
const FR_EN = { 'accept-language': 'fr-FR, en;q=0.8' };

describe('gateway: cache policy and response caches', () => {
  let h: GatewayHarness;
  let schema: GraphQLSchema;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_STOCK_MAX_AGE: '1' } });
    schema = buildSchema(typeDefs.join('\n'));
  });
  afterAll(() => h.close());

  it('has a @cacheControl hint on every root query field (an unhinted one would be uncacheable)', () => {
    const hinted = (field: { astNode?: { directives?: readonly { name: { value: string } }[] } | null }) =>
      field.astNode?.directives?.some((d) => d.name.value === 'cacheControl') ?? false;
    const fields = Object.values(schema.getQueryType()!.getFields());
    expect(fields.filter((field) => !hinted(field)).map((field) => field.name)).toEqual([]);
    const scopes = fields.map(
      (field) =>
        (field.astNode?.directives ?? [])
          .find((d) => d.name.value === 'cacheControl')
          ?.arguments?.find((a) => a.name.value === 'scope')?.value as { value: string } | undefined,
    );
    expect(scopes.filter((scope) => scope?.value === 'PUBLIC').length).toBeGreaterThan(5);
    expect(scopes.filter((scope) => scope?.value === 'PRIVATE').length).toBeGreaterThan(5);
  });

  it('marks public answers as varying by language and never shares them between languages', async () => {
    const zh = await h.gql<any>(NAMES, undefined, { headers: ZH });
    expect(zh.errors).toBeUndefined();
    expect(parseCacheControl(String(zh.headers['cache-control']))).toMatchObject({ public: true });
    expect(parseCacheControl(String(zh.headers['cache-control'])).maxAge).toBeGreaterThan(0);
    expect(String(zh.headers.vary)).toMatch(/accept-language/i);
    const zhAgain = await h.gql<any>(NAMES, undefined, { headers: ZH });
    expect(zhAgain.upstreamCalls).toBe(0); // a hit of the response cache
    expect(zhAgain.data).toEqual(zh.data);
    expect(String(zhAgain.headers.vary)).toMatch(/accept-language/i);

    for (const headers of [EN, FR_EN]) {
      const en = await h.gql<any>(NAMES, undefined, { headers });
      expect(en.upstreamCalls).toBe(1); // not answered from the Chinese entry
      expect(en.data.categories.map((c: any) => c.id)).toEqual(zh.data.categories.map((c: any) => c.id));
      expect(en.data.categories[0].name).not.toBe(zh.data.categories[0].name);
      expect(en.data.categories[0].name).toMatch(/^[\x20-\x7e]+$/);
    }
    const zhThird = await h.gql<any>(NAMES, undefined, { headers: ZH });
    expect(zhThird.data).toEqual(zh.data);
  });

  it('keeps languages apart in the response cache of signed-in shoppers too', async () => {
    if (!(await hasLogin(h))) throw new Error('the service has no login');
    const jar = h.jar();
    const login = await h.gql<any>(
      'mutation($i: LoginInput!) { login(input: $i) { session { isAuthenticated } } }',
      { i: { account: 'demo', password: 'demo123' } },
      { jar },
    );
    expect(login.errors).toBeUndefined();
    const query = '{ notices { id title } categories { id name } }';
    const zh = await h.gql<any>(query, undefined, { jar, headers: ZH });
    const en = await h.gql<any>(query, undefined, { jar, headers: FR_EN });
    expect(zh.errors).toBeUndefined();
    expect(en.errors).toBeUndefined();
    expect(en.data.categories[0].name).not.toBe(zh.data.categories[0].name);
    const enAgain = await h.gql<any>(query, undefined, { jar, headers: FR_EN });
    expect(enAgain.data).toEqual(en.data);
  });

  it('caches an answer with stock at most the stock bound, and shows a stock change after it', async () => {
    const product = await h.service.ctx.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('on_shelf', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const query = 'query($id: ID!) { product(id: $id) { id name stock } }';
    const first = await h.gql<any>(query, { id: String(product.id) });
    expect(first.data.product.stock).toBe(product.stock);
    expect(parseCacheControl(String(first.headers['cache-control']))).toMatchObject({
      maxAge: 1,
      public: true,
      staleWhileRevalidate: null,
    });
    // without stock the same product is cached for its SDL hint (60 s): the bound is stock's alone
    const nameOnly = await h.gql<any>('query($id: ID!) { product(id: $id) { id name } }', {
      id: String(product.id),
    });
    expect(parseCacheControl(String(nameOnly.headers['cache-control'])).maxAge).toBe(60);

    await h.service.ctx.db
      .updateTable('products')
      .set({ stock: product.stock - 3 })
      .where('id', '=', product.id)
      .execute();
    const cached = await h.gql<any>(query, { id: String(product.id) });
    expect(cached.upstreamCalls).toBe(0);
    h.cacheClock.advance(1_100);
    const fresh = await h.gql<any>(query, { id: String(product.id) });
    expect(fresh.upstreamCalls).toBeGreaterThan(0);
    expect(fresh.data.product.stock).toBe(product.stock - 3);
  });

  it('replays a hit with the headers of the first answer, compressed as the client asks', async () => {
    const body = JSON.stringify({ query: '{ areas { value label children { value label } } }' });
    const post = (encoding: string) =>
      request(`${h.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding, ...EN },
        body,
      });
    const first = await post('identity');
    const plain = JSON.parse(await first.body.text());
    expect(plain.extensions.upstreamCalls).toBeGreaterThan(0);
    const hit = await post('br');
    const bytes = Buffer.from(await hit.body.arrayBuffer());
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers['x-content-type-options']).toBe('nosniff'); // helmet's, replayed
    expect(String(first.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(hit.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(first.headers['x-powered-by']).toBeUndefined();
    expect(String(hit.headers.vary)).toMatch(/accept-language/i);
    expect(String(hit.headers.vary)).toMatch(/accept-encoding/i);
    // Its age is already taken off its max-age: no Age beside it to take off twice.
    expect(hit.headers.age).toBeUndefined();
    const maxAge = (res: { headers: Record<string, unknown> }) =>
      Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge(hit)).toBeLessThanOrEqual(maxAge(first));
    const replayed = JSON.parse(zlib.brotliDecompressSync(bytes).toString('utf8'));
    expect(replayed.data).toEqual(plain.data);
    expect(replayed.extensions.upstreamCalls).toBe(0);
  });

  it('still refuses a malformed JSON body as a bad request', async () => {
    const res = await request(`${h.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "{ areas { code } }"',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(await res.body.text()).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('never caches a private answer, even for the same shopper', async () => {
    const jar = h.jar();
    await h.gql<any>(
      'mutation($i: LoginInput!) { login(input: $i) { session { isAuthenticated } } }',
      { i: { account: 'demo', password: 'demo123' } },
      { jar },
    );
    const first = await h.gql<any>('{ cart { lines { id } } }', undefined, { jar });
    expect(first.errors).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-store');
    const second = await h.gql<any>('{ cart { lines { id } } }', undefined, { jar });
    expect(second.upstreamCalls).toBeGreaterThan(0);
  });
});

describe('gateway: the response cache keeps at most GATEWAY_RESPONSE_CACHE_ENTRIES answers', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_RESPONSE_CACHE_ENTRIES: '2' } });
  });
  afterAll(() => h.close());

  it('drops the least recently used answer first', async () => {
    const [a, b, c] = ['{ categories { id } }', '{ categories { name } }', '{ categories { id name } }'];
    const calls = async (query: string) => (await h.gql<any>(query)).upstreamCalls;
    expect(await calls(a)).toBe(1);
    expect(await calls(b)).toBe(1);
    expect(await calls(a)).toBe(0); // a hit, and now the most recently used
    expect(await calls(c)).toBe(1); // stored: b, the least recently used, goes
    expect(await calls(a)).toBe(0);
    expect(await calls(b)).toBe(1);
  });
});

describe('gateway: the response cache keeps at most GATEWAY_RESPONSE_CACHE_BYTES', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { GATEWAY_RESPONSE_CACHE_BYTES: '2kb' } });
  });
  afterAll(() => h.close());

  it('keeps a small answer and never an answer larger than its bound', async () => {
    const calls = async (query: string) => (await h.gql<any>(query)).upstreamCalls;
    const small = '{ categories { id } }';
    expect(await calls(small)).toBe(1);
    expect(await calls(small)).toBe(0);
    // every area with its children is far more than 2 KB: answered, never kept
    const large = '{ areas { value label children { value label } } }';
    expect(await calls(large)).toBeGreaterThan(0);
    expect(await calls(large)).toBeGreaterThan(0);
  });
});
