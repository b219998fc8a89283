/**
 * Protection: CSRF prevention, depth/alias/cost/token limits refused before any resolver runs
 * (no upstream call), body size limit, and production mode (no stack traces, no field
 * suggestions, no introspection, no playground); unexpected errors masked unless GATEWAY_DEBUG_ERRORS.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { probeResolvers, probeTypeDefs, resolverRuns } from './infra-probe.ts';

const nest = (depth: number) => `{ nested ${'{ child '.repeat(depth)}{ value }${' }'.repeat(depth)} }`;

describe('gateway protection (development mode)', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: probeResolvers,
      gatewayEnv: { GRAPHQL_MAX_DEPTH: '6', GRAPHQL_MAX_ALIASES: '5', GRAPHQL_MAX_COST: '60' },
    });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    resolverRuns.count = 0;
    h.resetServiceLog();
  });

  it('refuses a form-style POST (CSRF prevention)', async () => {
    const res = await h.http
      .post('/graphql')
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('query=%7B%20categories%20%7D');
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/CSRF|preflight/i);
    expect(resolverRuns.count).toBe(0);
    expect(h.serviceLog).toHaveLength(0);
  });

  it('refuses a GET without a preflight-forcing header, accepts it with one', async () => {
    const plain = await h.http.get('/graphql').query({ query: '{ ping }' });
    expect(plain.status).toBe(400);
    expect(resolverRuns.count).toBe(0);
    const withHeader = await h.http
      .get('/graphql')
      .query({ query: '{ ping }' })
      .set('apollo-require-preflight', 'true');
    expect(withHeader.status).toBe(200);
    expect(withHeader.body.data).toEqual({ ping: 'pong' });
  });

  it('accepts a JSON POST', async () => {
    const res = await h.gql('{ ping }');
    expect(res.data).toEqual({ ping: 'pong' });
  });

  it('refuses a query deeper than the limit before any resolver runs', async () => {
    const ok = await h.gql(nest(3));
    expect(ok.errors).toBeUndefined();
    resolverRuns.count = 0;
    const res = await h.gql(nest(12));
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.message).join(' ')).toMatch(/depth/i);
    expect(res.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.data).toBeUndefined();
    expect(resolverRuns.count).toBe(0);
    expect(res.upstreamCalls).toBe(0);
  });

  it('refuses too many aliases before any upstream call', async () => {
    const aliases = Array.from({ length: 10 }, (_, i) => `a${i}: categories`).join(' ');
    const res = await h.gql(`{ ${aliases} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0].message).toMatch(/aliases/i);
    expect(resolverRuns.count).toBe(0);
    expect(h.serviceLog).toHaveLength(0);
  });

  it('refuses an operation over the cost limit before any upstream call', async () => {
    const fields = Array.from(
      { length: 5 },
      (_, i) => `f${i}: nested { child { child { child { child { value } } } } }`,
    );
    const res = await h.gql(`{ ${fields.join(' ')} }`);
    expect(res.status).toBe(400);
    expect(res.errors?.map((e) => e.message).join(' ')).toMatch(/expensive|cost/i);
    expect(resolverRuns.count).toBe(0);
    expect(h.serviceLog).toHaveLength(0);
  });

  it('refuses a body over the size limit', async () => {
    const res = await h.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: `{ ping } # ${'x'.repeat(150 * 1024)}` });
    expect(res.status).toBe(413);
    expect(resolverRuns.count).toBe(0);
  });

  it('offers field suggestions and introspection in development', async () => {
    const res = await h.gql('{ pingg }');
    expect(res.errors?.[0].message).toMatch(/Did you mean/);
    const schema = await h.gql('{ __schema { queryType { name } } }');
    expect(schema.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('gateway protection (production mode)', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: {
        ...probeResolvers,
        Query: {
          ...probeResolvers.Query,
          ping: () => {
            throw new Error('database password is hunter2');
          },
        },
      },
      gatewayEnv: { NODE_ENV: 'production', GATEWAY_SAFELIST: 'off' }, // probe operations are not safelisted
    });
  });
  afterAll(() => h.close());

  it('hides field suggestions', async () => {
    const res = await h.gql('{ pingg }');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/Did you mean/);
  });

  it('never sends stack traces or internal messages', async () => {
    const res = await h.gql('{ ping }');
    expect(res.errors?.[0].extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/stacktrace|hunter2|at .*\.ts/);
  });

  it('keeps typed upstream errors (with alterMsg) intact', async () => {
    const res = await h.gql('{ whoami }');
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(JSON.stringify(res.body)).not.toMatch(/stacktrace/);
  });

  it('turns introspection and the playground off by default', async () => {
    const res = await h.gql('{ __schema { queryType { name } } }');
    expect(res.errors?.[0].message).toMatch(/introspection/i);
    const page = await h.http.get('/graphql').set('accept', 'text/html');
    expect(page.text).not.toMatch(/<html/i);
  });
});

describe('gateway error detail outside production', () => {
  const failingResolvers = {
    ...probeResolvers,
    Query: {
      ...probeResolvers.Query,
      ping: () => {
        throw new Error('database password is hunter2');
      },
    },
  };

  it('masks unexpected errors by default (npm start runs without NODE_ENV)', async () => {
    const h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: failingResolvers,
      gatewayEnv: { NODE_ENV: '' },
    });
    try {
      const res = await h.gql('{ ping }');
      expect(res.errors?.[0]).toMatchObject({
        message: 'Internal server error',
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/stacktrace|hunter2/);
    } finally {
      await h.close();
    }
  });

  it('shows the message and stack trace when a developer asks (GATEWAY_DEBUG_ERRORS)', async () => {
    const h = await startGatewayHarness({
      typeDefs: probeTypeDefs,
      resolvers: failingResolvers,
      gatewayEnv: { GATEWAY_DEBUG_ERRORS: '1' },
    });
    try {
      const res = await h.gql('{ ping }');
      expect(res.errors?.[0].message).toBe('database password is hunter2');
      expect(res.errors?.[0].extensions?.stacktrace).toEqual(expect.any(Array));
    } finally {
      await h.close();
    }
  });
});
