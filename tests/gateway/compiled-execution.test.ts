// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are compared whole
/**
 * The compiled executor (graphql-jit, graphql/compiled-execution.ts) answers as graphql-js does: two
 * gateways on one service and one session secret, one compiling (the default) and one on
 * graphql-js (GATEWAY_COMPILED_EXECUTION=0), are sent every query of the web app's operation
 * manifest — anonymous, as a shopper with a cart and as the back office — plus request mistakes
 * and refusals, and must give the same status, data, errors (messages, codes, paths, locations)
 * and upstream call counts.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, type GqlOptions, startGatewayHarness } from './harness.ts';
import { comparisonVisitors, document, queries, variablesFor } from './manifest-operations.ts';

describe('the compiled executor answers as graphql-js does', () => {
  let compiled: GatewayHarness;
  let graphqlJs: GatewayHarness;
  let shopper: CookieJar;
  let admin: CookieJar;
  let productId: string;
  let cardName: string;

  beforeAll(async () => {
    const secret = randomBytes(32).toString('base64url');
    compiled = await startGatewayHarness({ gatewayEnv: { SESSION_SECRET: secret } });
    graphqlJs = await startGatewayHarness({
      serviceUrl: compiled.serviceUrl,
      gatewayEnv: { SESSION_SECRET: secret, GATEWAY_COMPILED_EXECUTION: '0' },
    });
    ({ productId, cardName, shopper, admin } = await comparisonVisitors(compiled, {
      username: 'jitshopper',
      phone: '13655556666',
    }));
  });
  afterAll(async () => {
    await graphqlJs?.close();
    await compiled?.close();
  });

  /** Sends the same request to both gateways; their answers must be identical. */
  async function same(
    query: string,
    variables: Record<string, unknown> | undefined,
    options: GqlOptions = {},
  ) {
    const a = await compiled.gql<any>(query, variables, options);
    const b = await graphqlJs.gql<any>(query, variables, options);
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    return a;
  }

  it('covers the queries of the manifest', () => {
    expect(queries.length).toBeGreaterThan(20);
  });

  for (const [who, jarOf] of [
    ['anonymous', () => undefined],
    ['a shopper with a cart', () => shopper],
    ['the back office', () => admin],
  ] as const) {
    it(`every query of the manifest, ${who}`, async () => {
      let withData = 0;
      for (const operation of queries) {
        const answer = await same(operation.body, variablesFor(operation.name, { productId, cardName }), {
          jar: jarOf(),
        });
        if (answer.data && Object.values(answer.data).some((value) => value !== null)) withData += 1;
      }
      // The comparison means something only if most answers carry data.
      expect(withData).toBeGreaterThan(who === 'anonymous' ? 10 : 20);
    });
  }

  it('request mistakes and refusals: missing and invalid variables, unknown ids and operation names, a refused mutation', async () => {
    const detail = document('GoodsDetailPage');
    const missing = await same(detail, {});
    expect(missing.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const invalid = await same(detail, { id: { nested: true } });
    expect(invalid.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    await same(detail, { id: '987654321' });
    // An operation name the document does not hold, the empty one included, runs nothing.
    for (const operationName of ['', 'Elsewhere']) {
      const unnamed = await same(detail, { id: productId }, { operationName });
      expect(unnamed.status).toBe(400);
      expect(unnamed.errors?.[0].extensions?.code).toBe('OPERATION_RESOLUTION_FAILURE');
      expect(unnamed.upstreamCalls).toBe(0);
    }
    await same(document('OrderDetailPage'), { id: '987654321' }, { jar: shopper });
    await same(document('AdminOrders'), {}, { jar: shopper });
    const refused = await same(
      document('AddToCart'),
      { input: { productId: '987654321', quantity: 1 } },
      {
        jar: shopper,
      },
    );
    expect(refused.errors ?? refused.data?.addToCart?.userErrors).toHaveLength(1);
    await same(document('AddToCart'), { input: { productId, quantity: 1 } });
  });
});
