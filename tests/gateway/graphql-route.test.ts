// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * The GraphQL hot path (graphql/route.ts, on the raw Node request) and the Express route behind it
 * (GATEWAY_GRAPHQL_FAST_PATH=0) answer alike: the same status, body and headers that matter
 * (cache policy, Vary, helmet's, compression, session cookies) for public, private, refused,
 * oversized and malformed requests. The rest of the gateway suite runs on the hot path.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, hasLogin, startGatewayHarness } from './harness.ts';

const HEADERS = [
  'cache-control',
  'vary',
  'content-type',
  'content-encoding',
  'content-security-policy',
  'x-content-type-options',
  'strict-transport-security',
  'x-powered-by',
];

interface Answer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
  cookies: number;
}

async function send(
  h: GatewayHarness,
  init: { method?: 'GET' | 'POST'; path?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const res = await request(`${h.url}${init.path ?? '/graphql'}`, {
    method: init.method ?? 'POST',
    // A GET carries no Content-Type (a JSON one would count as preflight-forcing for CSRF).
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body,
  });
  let bytes = Buffer.from(await res.body.arrayBuffer());
  if (res.headers['content-encoding'] === 'gzip') bytes = zlib.gunzipSync(bytes);
  if (res.headers['content-encoding'] === 'br') bytes = zlib.brotliDecompressSync(bytes);
  const headers = Object.fromEntries(HEADERS.map((name) => [name, res.headers[name]]));
  const setCookie = res.headers['set-cookie'];
  const text = bytes.toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: compared as text
  }
  return {
    status: res.statusCode,
    body,
    headers,
    cookies: Array.isArray(setCookie) ? setCookie.length : setCookie ? 1 : 0,
  };
}

describe('the GraphQL hot path answers as the Express route does', () => {
  let hot: GatewayHarness;
  let express: GatewayHarness;
  beforeAll(async () => {
    [hot, express] = await Promise.all([
      startGatewayHarness({ gatewayEnv: { GATEWAY_BODY_LIMIT: '2kb' } }),
      startGatewayHarness({ gatewayEnv: { GATEWAY_BODY_LIMIT: '2kb', GATEWAY_GRAPHQL_FAST_PATH: '0' } }),
    ]);
  });
  afterAll(() => Promise.all([hot?.close(), express?.close()]));

  const both = async (init: Parameters<typeof send>[1], compare: 'all' | 'body' = 'all') => {
    const [a, b] = [await send(hot, init), await send(express, init)];
    if (compare === 'all') expect(a).toEqual(b);
    else expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    // Every answer of the hot path carries helmet's headers, refusals included.
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    return a;
  };
  const gql = (query: string, variables?: object) => JSON.stringify({ query, variables });

  it('a public query: cache policy, Vary, helmet headers, compression above 1 KB', async () => {
    // Each asks its own question (a variable the query does not use) so no HTTP cache answers.
    const small = await both({ body: gql('{ config { shopName } }', { n: 1 }) });
    expect(small.status).toBe(200);
    expect(small.headers['cache-control']).toMatch(/^max-age=\d+, public$/);
    expect(String(small.headers.vary)).toMatch(/Accept-Language.*Accept-Encoding/);
    expect(small.headers['x-content-type-options']).toBe('nosniff');
    expect(small.headers['content-encoding']).toBeUndefined();
    const large = await both({
      body: gql('{ areas { value label children { value label } } }', { n: 2 }),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.headers['content-encoding']).toBe('gzip');
    expect(large.body.data.areas.length).toBeGreaterThan(0);
  });

  it('the stock bound and private answers', async () => {
    const stock = await both({ body: gql('{ hotProducts { records { id stock } } }', { n: 3 }) });
    expect(stock.headers['cache-control']).toMatch(/^max-age=[1-5], public$/);
    const cart = await both({ body: gql('{ cart { lines { id } } }') });
    expect(cart.headers['cache-control']).toBe('no-store');
  });

  it('a sign-in sets the session cookie, uncacheable', async () => {
    if (!(await hasLogin(hot))) throw new Error('the service has no login');
    const login = await both({
      body: gql('mutation($i: LoginInput!) { login(input: $i) { session { isAuthenticated } } }', {
        i: { account: 'demo', password: 'demo123' },
      }),
    });
    expect(login.body.data.login.session.isAuthenticated).toBe(true);
    expect(login.cookies).toBe(1);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('refusals: CSRF, body limit (declared and chunked), malformed JSON, no operation', async () => {
    const csrf = await both({ method: 'GET', path: '/graphql?query=%7Bconfig%7BshopName%7D%7D' });
    expect(csrf.status).toBe(400);
    const form = await both({ body: 'query=x', headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(400);
    const big = gql(`{ config { shopName } } # ${'x'.repeat(4096)}`);
    const declared = await both({ body: big });
    expect(declared.status).toBe(413);
    expect(declared.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    // Without a Content-Length the limit counts what arrives (chunked; undici sends a stream so).
    const chunkedAnswers = await Promise.all(
      [hot, express].map(async (h) => {
        const res = await request(`${h.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Readable.from([Buffer.from(big.slice(0, 1000)), Buffer.from(big.slice(1000))]),
        });
        return { status: res.statusCode, body: await res.body.json() };
      }),
    );
    expect(chunkedAnswers[0]).toEqual(chunkedAnswers[1]);
    expect(chunkedAnswers[0].status).toBe(413);
    // The Express route refuses a body its HTTP cache front door could not parse before helmet
    // runs (no security headers); the hot path sends them: only status and body are compared.
    const malformed = await both({ body: '{"query": ' }, 'body');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    const scalar = await both({ body: '"{ config { shopName } }"' }, 'body');
    expect(scalar.status).toBe(400);
    const empty = await both({ body: '{}' });
    expect(empty.status).toBe(400);
  });

  it('a GET with a preflight header runs the query', async () => {
    const get = await both({
      method: 'GET',
      path: `/graphql?query=${encodeURIComponent('{ config { shopName } }')}&variables=${encodeURIComponent('{"n":4}')}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(get.status).toBe(200);
    expect(get.body.data.config.shopName).toBeTruthy();
  });
});
