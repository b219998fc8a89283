/**
 * The /graphql front (gateway/src/http/graphql-front.ts): node:http into Apollo's
 * executeHTTPGraphQLRequest, outside Express. It keeps the body limit's 413 and the bad-JSON
 * 400, GET persisted queries, helmet's headers, the trusted-proxy client address and scheme, and
 * compresses only answers worth it, reusing the compressed bytes of a repeated answer. Runs the
 * real gateway against the real service.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionCounts } from '../../gateway/src/http/graphql-front.ts';
import { OPERATION_MANIFEST } from '../../scripts/operation-manifest.ts';
import { type GatewayHarness, type RawResponse, rawRequest, startGatewayHarness } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, OPERATION_MANIFEST), 'utf8')) as {
  operations: Array<{ id: string; name: string }>;
};
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }';
const LARGE = '{ products(page: { pageSize: 20 }) { records { id name description image } } }';
const SMALL = '{ categories { id } }';

function decode(res: RawResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.body).toString('utf8');
  return res.body.toString('utf8');
}

describe('gateway: the /graphql front', () => {
  let h: GatewayHarness;
  /** X-Forwarded-For of every request that reached the service, in order. */
  const forwardedFor: Array<string | undefined> = [];

  beforeAll(async () => {
    h = await startGatewayHarness({
      // 127.0.0.2 stands for the balancer; any other loopback address is a client.
      gatewayEnv: { GATEWAY_BODY_LIMIT: '2kb', GATEWAY_TRUST_PROXY: '127.0.0.2' },
      serviceRoutes: (router) => {
        router.use((req, _res, next) => {
          forwardedFor.push(req.headers['x-forwarded-for'] as string | undefined);
          next();
        });
      },
    });
  });
  afterAll(() => h.close());

  const post = (body: string | Buffer, headers: Record<string, string> = {}, localAddress?: string) =>
    rawRequest(h.url, {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      localAddress,
    });

  it('refuses a body over the limit with the 413 contract, and bad JSON with a 400', async () => {
    const large = await post(JSON.stringify({ query: `{ __typename }${' '.repeat(4096)}` }));
    expect(large.status).toBe(413);
    expect(large.headers['content-type']).toMatch(/^application\/json/);
    expect(large.json()).toEqual({
      errors: [{ message: 'Request body too large', extensions: { code: 'PAYLOAD_TOO_LARGE' } }],
    });
    const bad = await post('{"query":');
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ errors: [{ message: 'Bad request', extensions: { code: 'BAD_REQUEST' } }] });
  });

  it('reads JSON bodies as express.json does: strict, a byte-order mark dropped, other charsets refused', async () => {
    const query = JSON.stringify({ query: '{ __typename }' });
    const withMark = await post(`\ufeff${query}`, { 'content-type': 'application/json; charset=utf-8' });
    expect(withMark.status).toBe(200);
    expect(withMark.json().data).toEqual({ __typename: 'Query' });
    const notAnObject = await post('"{ __typename }"');
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    const latin1 = await post(query, { 'content-type': 'application/json; charset=latin1' });
    expect(latin1.status).toBe(415);
    expect(latin1.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    const empty = await post('');
    expect(empty.status).toBe(400);
    expect(empty.json().errors[0].message).toMatch(/POST body missing/);
    // Past the usual plain JSON: a compressed body and one of a JSON type with another parameter.
    const gzipped = await post(zlib.gzipSync(query), { 'content-encoding': 'gzip' });
    expect(gzipped.json().data).toEqual({ __typename: 'Query' });
    const otherParameter = await post(query, { 'content-type': 'application/json; profile=x' });
    expect(otherParameter.json().data).toEqual({ __typename: 'Query' });
  });

  it('answers a persisted query sent as GET by its hash', async () => {
    const shell = manifest.operations.find((operation) => operation.name === 'Shell')!;
    const extensions = encodeURIComponent(
      JSON.stringify({ persistedQuery: { version: 1, sha256Hash: shell.id } }),
    );
    const res = await rawRequest(h.url, {
      path: `/graphql?operationName=Shell&extensions=${extensions}`,
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(res.status).toBe(200);
    const answer = res.json();
    expect(answer.errors).toBeUndefined();
    expect(typeof answer.data.config.shopName).toBe('string');
  });

  it('sets the security headers the rest of the site has', async () => {
    const page = await rawRequest(h.url, { path: '/no-such-thing' });
    const graphql = await post(JSON.stringify({ query: '{ __typename }' }));
    expect(graphql.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(graphql.headers[name], name).toBeTruthy();
      expect(graphql.headers[name], name).toBe(page.headers[name]);
    }
    expect(graphql.headers['x-powered-by']).toBeUndefined();
  });

  it('leaves a small answer uncompressed and compresses a large one in br and gzip alike', async () => {
    const small = await post(JSON.stringify({ query: SMALL }), { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(String(small.headers.vary)).toMatch(/accept-encoding/i);
    expect(small.json().data.categories.length).toBeGreaterThan(0);

    const identity = await post(JSON.stringify({ query: LARGE }));
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.length).toBeGreaterThan(1024);
    const expected = JSON.parse(identity.body.toString('utf8')).data;
    for (const encoding of ['br', 'gzip']) {
      const res = await post(JSON.stringify({ query: LARGE }), { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(identity.body.length / 2);
      expect(JSON.parse(decode(res)).data).toEqual(expected);
    }
  });

  it('serves a repeated answer from its kept compressed bytes', async () => {
    const query = JSON.stringify({ query: LARGE.replace('pageSize: 20', 'pageSize: 19') });
    // Into the response cache first: from then on the answer's text is the same each time.
    await post(query);
    const before = { ...compressionCounts };
    const first = await post(query, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(compressionCounts.compressed).toBe(before.compressed + 1);
    const second = await post(query, { 'accept-encoding': 'br' });
    expect(second.headers['content-encoding']).toBe('br');
    expect(compressionCounts.compressed).toBe(before.compressed + 1);
    expect(compressionCounts.reused).toBe(before.reused + 1);
    expect(second.body.equals(first.body)).toBe(true);
    // The other encoding is its own copy.
    await post(query, { 'accept-encoding': 'gzip' });
    expect(compressionCounts.compressed).toBe(before.compressed + 2);
  });

  it("forwards the client's address and scheme from a trusted proxy only", async () => {
    const login = (localAddress: string) =>
      post(
        JSON.stringify({ query: LOGIN, variables: { input: { account: 'demo', password: 'demo123' } } }),
        { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
        localAddress,
      );
    forwardedFor.length = 0;
    const proxied = await login('127.0.0.2');
    expect(proxied.json().data.login.session.isAuthenticated).toBe(true);
    expect(forwardedFor.at(-1)).toBe('203.0.113.9');
    expect(String(proxied.headers['set-cookie'])).toMatch(/;\s*Secure/i);

    forwardedFor.length = 0;
    const direct = await login('127.0.0.3');
    expect(direct.json().data.login.session.isAuthenticated).toBe(true);
    expect(forwardedFor.at(-1)).toBe('127.0.0.3');
    expect(String(direct.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });
});
