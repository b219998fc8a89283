/**
 * The error contract on the wire: client mistakes answer 4xx with a
 * client code and never log at error level; a 413 of the service is PAYLOAD_TOO_LARGE; REST field
 * details are one level deep; and every code seen on the wire, Apollo's own included, is a value
 * of `ErrorCode` (the codes the gateway writes are held to it by gateway/src/graphql/error-code.ts).
 */
import { ApolloServerErrorCode } from '@apollo/server/errors';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { typeDefs } from '../../gateway/src/graphql/schema.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs } from './infra-probe.ts';

const errorCodes = new Set(
  (buildSchema(typeDefs.join('\n')).getType('ErrorCode') as GraphQLEnumType).getValues().map((v) => v.name),
);
/** Every code seen on the wire by this file's tests. */
const seen = new Set<string>();
const record = (body: { errors?: Array<{ extensions?: { code?: string } }> }) => {
  for (const error of body.errors ?? []) seen.add(String(error.extensions?.code));
  return body;
};

const MUTATE =
  'mutation($method: String!, $path: String!, $body: JSON) { call(method: $method, path: $path, body: $body) }';
const sha256 = async (text: string) =>
  (await import('node:crypto')).createHash('sha256').update(text).digest('hex');

describe('request errors are client errors', () => {
  let h: GatewayHarness;
  const errorLogs: unknown[][] = [];
  beforeAll(async () => {
    h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      serviceEnv: { BODY_LIMIT: '2kb' },
      gatewayEnv: { GRAPHQL_MAX_TOKENS: '40' },
    });
    // The gateway's one logger (Apollo's too): remember every error-level line.
    const log = h.gateway.log as unknown as Record<string, (...args: unknown[]) => unknown>;
    const original = log.error.bind(log);
    log.error = (...args: unknown[]) => {
      errorLogs.push(args);
      return original(...args);
    };
  });
  afterAll(() => h.close());
  beforeEach(() => {
    errorLogs.length = 0;
  });

  const post = async (body: unknown) => {
    const res = await h.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send(body as object);
    record(res.body);
    return res;
  };

  it('a syntax error is 400 GRAPHQL_PARSE_FAILED, not 500', async () => {
    const res = await post({ query: '{ ping ' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(errorLogs).toEqual([]);
  });

  it('the token limit is 400 GRAPHQL_PARSE_FAILED before any work', async () => {
    const res = await post({ query: `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: ping`).join(' ')} }` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/tokens/),
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
    expect(res.body.data).toBeUndefined();
    expect(errorLogs).toEqual([]);
  });

  it('a persisted-query hash mismatch is 400 BAD_REQUEST without an error-level log', async () => {
    const res = await post({
      query: '{ ping }',
      extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      message: 'provided sha does not match query',
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(errorLogs).toEqual([]);
  });

  it('an unsupported persisted-query version is 400 BAD_REQUEST', async () => {
    const res = await post({
      query: '{ ping }',
      extensions: { persistedQuery: { version: 2, sha256Hash: await sha256('{ ping }') } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(errorLogs).toEqual([]);
  });

  it('automatic persisted queries: unknown hash → 400 PERSISTED_QUERY_NOT_FOUND, then register and reuse', async () => {
    const query = '{ ping }';
    const persistedQuery = { version: 1, sha256Hash: await sha256(query) };
    const miss = await post({ extensions: { persistedQuery } });
    expect(miss.status).toBe(400);
    expect(miss.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const register = await post({ query, extensions: { persistedQuery } });
    expect(register.status).toBe(200);
    const hit = await post({ extensions: { persistedQuery } });
    expect(hit.status).toBe(200);
    expect(hit.body.data).toEqual({ ping: 'pong' });
    expect(errorLogs).toEqual([]);
  });

  it('other request mistakes: no query, broken JSON, unknown field, ambiguous operation, bad variable', async () => {
    expect((await post({})).status).toBe(400);
    const broken = await h.http.post('/graphql').set('content-type', 'application/json').send('{"query":');
    record(broken.body);
    expect(broken.status).toBe(400);
    expect(broken.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    const unknown = await post({ query: '{ nope }' });
    expect([unknown.status, unknown.body.errors[0].extensions.code]).toEqual([
      400,
      'GRAPHQL_VALIDATION_FAILED',
    ]);
    const ambiguous = await post({ query: 'query A { ping } query B { ping }' });
    expect([ambiguous.status, ambiguous.body.errors[0].extensions.code]).toEqual([
      400,
      'OPERATION_RESOLUTION_FAILURE',
    ]);
    const variable = await post({ query: 'query($id: ID!) { product(id: $id) }', variables: { id: {} } });
    expect([variable.status, variable.body.errors[0].extensions.code]).toEqual([400, 'BAD_USER_INPUT']);
    const big = await post({ query: `{ ping } # ${'x'.repeat(150 * 1024)}` });
    expect([big.status, big.body.errors[0].extensions.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(errorLogs).toEqual([]);
  });

  it('a 413 from the service is PAYLOAD_TOO_LARGE, not INTERNAL_SERVER_ERROR', async () => {
    const res = await h.gql(MUTATE, {
      method: 'POST',
      path: '/shop/shop-user/register',
      body: { username: 'big', password: 'x'.repeat(8 * 1024) },
    });
    record(res.body);
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(res.errors?.[0].extensions?.alterMsg).toBeTruthy();
    expect(errorLogs).toEqual([]);
  });

  it('REST field details are one level deep: extensions.fields maps field → message key', async () => {
    const res = await h.gql(MUTATE, {
      method: 'POST',
      path: '/shop/shop-user/register',
      body: { username: 'x' },
    });
    record(res.body);
    const fields = res.errors?.[0].extensions?.fields as Record<string, unknown>;
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(fields).not.toHaveProperty('fields');
    expect(typeof fields.password).toBe('string');
  });
});

describe('every code the gateway emits is in ErrorCode', () => {
  it('the codes seen on the wire above', () => {
    expect(seen.size).toBeGreaterThanOrEqual(7);
    for (const code of seen) expect(errorCodes, code).toContain(code);
  });

  it("Apollo Server's own codes", () => {
    for (const code of Object.values(ApolloServerErrorCode)) expect(errorCodes, code).toContain(code);
  });
});
