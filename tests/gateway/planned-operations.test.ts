// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are compared whole
/**
 * The planned path (graphql/planned-operations.ts) answers as Apollo's pipeline does. Two gateways
 * on one service and one session secret, one planning (the default) and one sending everything
 * through Apollo (GATEWAY_PLANNED_OPERATIONS=0), get the same requests over real sockets: every
 * query of the web app's manifest by hash and by text, anonymous, as a shopper with a cart, as
 * the back office and as a mobile client, under several Accept headers, and requests whose
 * answers carry errors, are refused, or renew the session. Bodies must be byte-identical (the
 * upstream call count included: a hand-over to Apollo never runs the resolvers twice), status and
 * headers the same, and each case says whether the planned gateway answered it itself.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CookieJar,
  type GatewayHarness,
  type RawResponse,
  rawRequest,
  startGatewayHarness,
} from './harness.ts';
import { comparisonVisitors, document, operation, queries, variablesFor } from './manifest-operations.ts';

describe('the planned path answers as Apollo does', () => {
  let planned: GatewayHarness;
  let apollo: GatewayHarness;
  let shopper: CookieJar;
  let admin: CookieJar;
  let mobileToken: string;
  let productId: string;
  let cardName: string;
  /** While set, the service fails every product-detail read (an upstream failure after planning). */
  let failProductReads = false;
  /** The client address each product-detail read reached the service with. */
  const forwardedFor: Array<string | undefined> = [];
  let nonce = 0;

  beforeAll(async () => {
    const secret = randomBytes(32).toString('base64url');
    planned = await startGatewayHarness({
      // Both gateways believe loopback proxies (the test client is one), so each forwards the
      // client address from X-Forwarded-For.
      gatewayEnv: { SESSION_SECRET: secret, GATEWAY_TRUST_PROXY: 'loopback' },
      serviceEnv: { ACCESS_TOKEN_TTL: '15m', REFRESH_GRACE: '10s' },
      serviceRoutes: (router: Router) => {
        router.get('/shop/product/:id', (req, res, next) => {
          forwardedFor.push(req.get('x-forwarded-for'));
          if (!failProductReads) return next();
          res.status(500).json({ success: false, code: 500, msg: 'database unavailable' });
        });
      },
    });
    apollo = await startGatewayHarness({
      serviceUrl: planned.serviceUrl,
      gatewayEnv: {
        SESSION_SECRET: secret,
        GATEWAY_TRUST_PROXY: 'loopback',
        GATEWAY_PLANNED_OPERATIONS: '0',
      },
    });
    expect(planned.gateway.planned).toBeDefined();
    expect(apollo.gateway.planned).toBeUndefined();
    ({ productId, cardName, shopper, admin } = await comparisonVisitors(planned, {
      username: 'planshopper',
      phone: '13655557777',
    }));
    const mobile = await planned.gql<any>(document('Login'), {
      input: { account: 'demo', password: 'demo123', transport: 'BEARER' },
    });
    mobileToken = (mobile.extensions?.session as { token?: string } | undefined)?.token ?? '';
    if (!mobileToken) throw new Error(JSON.stringify(mobile.body));
  });
  afterAll(async () => {
    await apollo?.close();
    await planned?.close();
  });

  interface Send {
    /** A manifest operation, sent by hash (default) or by its text. */
    name: string;
    variables?: Record<string, unknown>;
    byText?: boolean;
    operationName?: string;
    headers?: Record<string, string>;
    /** Leave out the unused `nonce` variable that keeps the HTTP cache out of the comparison. */
    repeatable?: boolean;
  }

  const bodyOf = (send: Send, tag: number) => {
    const variables = send.repeatable ? send.variables : { ...send.variables, nonce: tag };
    const { id, body } = operation(send.name);
    return JSON.stringify(
      send.byText
        ? { query: body, variables, operationName: send.operationName }
        : {
            variables,
            operationName: send.operationName,
            extensions: { persistedQuery: { version: 1, sha256Hash: id } },
          },
    );
  };
  const post = (h: GatewayHarness, send: Send, tag: number) =>
    rawRequest(h.url, {
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...send.headers },
      body: bodyOf(send, tag),
    });

  /** What must agree: status, the body as sent (decompressed) and every header but the date; cookie values are per seal. */
  const comparable = (res: RawResponse) => {
    const { date: _date, 'set-cookie': cookies, ...headers } = res.headers;
    const encoding = res.headers['content-encoding'];
    const text = (
      encoding === 'gzip'
        ? zlib.gunzipSync(res.body)
        : encoding === 'br'
          ? zlib.brotliDecompressSync(res.body)
          : res.body
    ).toString('utf8');
    return {
      status: res.status,
      text: text.replace(/"token":"[^"]+"/, '"token":"(sealed)"'),
      headers: { ...headers, 'content-length': encoding ? '(compressed)' : headers['content-length'] },
      cookies: (cookies ?? []).map((line) => line.replace(/^([^=]+)=[^;]+/, '$1=(sealed)')),
    };
  };

  /**
   * Teaches the planned gateway the request (Apollo answers it the first time), then sends it to
   * both gateways; returns the answer and whether the planned gateway answered it itself.
   */
  async function same(send: Send) {
    await post(planned, send, ++nonce);
    const tag = ++nonce;
    const before = planned.gateway.planned!.answered;
    const a = await post(planned, send, tag);
    const wasPlanned = planned.gateway.planned!.answered - before === 1;
    const b = await post(apollo, send, tag);
    const seen = comparable(a);
    expect(seen, send.name).toEqual(comparable(b));
    return { answer: JSON.parse(seen.text), headers: a.headers, status: a.status, wasPlanned };
  }

  const known = () => ({ productId, cardName });
  const cacheable = (headers: RawResponse['headers']) =>
    /max-age=[1-9]/.test(String(headers['cache-control']));

  for (const [who, headersOf] of [
    ['anonymous', (): Record<string, string> => ({})],
    ['a shopper with a cart', () => ({ cookie: shopper.header() })],
    ['the back office', () => ({ cookie: admin.header() })],
    ['a mobile client', () => ({ authorization: `Bearer ${mobileToken}` })],
  ] as const) {
    it(`every query of the manifest by hash, ${who}; planned unless it has errors or the response cache keeps it per session`, async () => {
      let plannedCount = 0;
      for (const query of queries) {
        const { answer, headers, wasPlanned } = await same({
          name: query.name,
          variables: variablesFor(query.name, known()),
          headers: headersOf(),
        });
        const signedIn = who !== 'anonymous';
        expect(wasPlanned, query.name).toBe(!answer.errors && !(signedIn && cacheable(headers)));
        if (wasPlanned) plannedCount += 1;
      }
      // The comparison means something only if the planned path answered most of them.
      expect(plannedCount).toBeGreaterThan(10);
    });
  }

  it('forwards the client address GATEWAY_TRUST_PROXY allows, as Apollo does', async () => {
    forwardedFor.length = 0;
    const send = {
      name: 'GoodsDetailPage',
      variables: { id: productId },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    };
    expect((await same(send)).wasPlanned).toBe(true);
    // Taught, planned, then Apollo's: the service was told the same address each time.
    expect(forwardedFor).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7']);
  });

  it('writes the same operation log line as Apollo, marked planned', async () => {
    const lines = new Map<GatewayHarness, Array<Record<string, unknown>>>();
    for (const h of [planned, apollo]) {
      const seen: Array<Record<string, unknown>> = [];
      lines.set(h, seen);
      const log = h.gateway.log as unknown as Record<string, (...args: unknown[]) => unknown>;
      const original = log.info.bind(log);
      log.info = (...args: unknown[]) => {
        if (args[1] === 'graphql operation') seen.push(args[0] as Record<string, unknown>);
        return original(...args);
      };
    }
    for (const send of [
      { name: 'GoodsDetailPage', variables: { id: productId } },
      { name: 'CartPage', headers: { cookie: shopper.header() } },
    ]) {
      for (const seen of lines.values()) seen.length = 0;
      expect((await same(send)).wasPlanned).toBe(true);
      const [line] = lines.get(planned)!.slice(-1);
      const [apolloLine] = lines.get(apollo)!;
      expect(line).toEqual({ ...apolloLine, ms: expect.any(Number), planned: true });
      expect(apolloLine).toMatchObject({ operationName: send.name, upstreamCalls: expect.any(Number) });
    }
  });

  it('by text, and with the operation named, as the playground and tests send them', async () => {
    for (const name of ['GoodsDetailPage', 'HomePage', 'CategoriesPage']) {
      const variables = variablesFor(name, known());
      expect((await same({ name, variables, byText: true })).wasPlanned).toBe(true);
      expect((await same({ name, variables, operationName: name })).wasPlanned).toBe(true);
    }
    // A name the document does not hold, or an empty one: Apollo's refusal, never planned.
    for (const operationName of ['', 'Elsewhere']) {
      const refused = await same({ name: 'GoodsDetailPage', variables: { id: productId }, operationName });
      expect(refused.wasPlanned).toBe(false);
      expect(refused.status).toBe(400);
      expect(refused.answer.errors[0].extensions.code).toBe('OPERATION_RESOLUTION_FAILURE');
    }
  });

  it('the content type Apollo negotiates for each Accept header, and 406 for one it cannot serve', async () => {
    const send = (accept: string) => ({
      name: 'GoodsDetailPage',
      variables: { id: productId },
      headers: { accept },
    });
    const graphqlResponse = await same(send('application/graphql-response+json'));
    expect(graphqlResponse.wasPlanned).toBe(true);
    expect(graphqlResponse.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    const apolloClient = await same(send('application/graphql-response+json,application/json;q=0.9'));
    expect(apolloClient.wasPlanned).toBe(true);
    expect((await same(send('*/*'))).headers['content-type']).toBe('application/json; charset=utf-8');
    const refused = await same(send('text/plain'));
    expect(refused.status).toBe(406);
    expect(refused.wasPlanned).toBe(false);
  });

  it('compressed as Apollo answers are, and kept by the HTTP cache the same way', async () => {
    const compressed = await same({
      name: 'HomePage',
      variables: variablesFor('HomePage', known()),
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(compressed.wasPlanned).toBe(true);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    // The same body twice to each gateway: the first is answered (by the planned path on one side),
    // the second comes from the HTTP cache on both.
    const repeated = { name: 'GoodsDetailPage', variables: { id: productId }, repeatable: true };
    await post(planned, { ...repeated, repeatable: false }, ++nonce);
    const before = planned.gateway.planned!.answered;
    const first = [await post(planned, repeated, 0), await post(apollo, repeated, 0)];
    expect(planned.gateway.planned!.answered - before).toBe(1);
    expect(comparable(first[0])).toEqual(comparable(first[1]));
    expect(first[0].headers.age).toBeUndefined();
    const again = [await post(planned, repeated, 0), await post(apollo, repeated, 0)];
    expect(planned.gateway.planned!.answered - before).toBe(1);
    expect(comparable(again[0])).toEqual(comparable(again[1]));
    expect(again[0].headers.age).toBe('0');
  });

  it('refusals before execution: missing and invalid variables, a page over the cost limit', async () => {
    const missing = await same({ name: 'GoodsDetailPage', variables: {} });
    expect(missing.status).toBe(400);
    expect(missing.answer.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const invalid = await same({ name: 'GoodsDetailPage', variables: { id: { nested: true } } });
    expect(invalid.answer.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    planned.resetServiceLog();
    const costly = await same({
      name: 'CategoryGoodsPage',
      variables: { ...variablesFor('CategoryGoodsPage', known()), page: { pageNum: 1, pageSize: 999 } },
    });
    expect(costly.status).toBe(400);
    expect(costly.answer.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(planned.serviceLog.filter((line) => line.includes('/shop/product'))).toEqual([]);
    for (const refusal of [missing, invalid, costly]) expect(refusal.wasPlanned).toBe(false);
  });

  it('refusals before the GraphQL route: a body that is not JSON (CSRF), a body over the limit', async () => {
    const detail = { name: 'GoodsDetailPage', variables: { id: productId } };
    expect((await same(detail)).wasPlanned).toBe(true);
    const simple = await same({ ...detail, headers: { 'content-type': 'text/plain' } });
    expect(simple.wasPlanned).toBe(false);
    expect(simple.status).toBe(400);
    const large = await same({ ...detail, variables: { id: productId, padding: 'x'.repeat(200_000) } });
    expect(large.wasPlanned).toBe(false);
    expect(large.status).toBe(413);
    expect(large.answer.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('errors after execution: Apollo formats the executed result, without a second upstream call', async () => {
    const send = { name: 'GoodsDetailPage', variables: { id: productId } };
    expect((await same(send)).wasPlanned).toBe(true);
    failProductReads = true;
    try {
      const failed = await same(send);
      expect(failed.wasPlanned).toBe(false);
      expect(failed.answer.errors.length).toBeGreaterThan(0);
      expect(failed.headers['cache-control']).toBe('no-store');
      // Apollo's answer went upstream as often as the planned gateway's hand-over did (same body).
      expect(failed.answer.extensions.upstreamCalls).toBeGreaterThan(0);
    } finally {
      failProductReads = false;
    }
    const unknown = await same({ name: 'GoodsDetailPage', variables: { id: '987654321' } });
    expect(unknown.answer.errors ?? unknown.answer.data.product).toBeDefined();
  });

  it('a session renewed on the way (expired access token) and an unreadable cookie', async () => {
    const session = { name: 'Session', headers: { cookie: shopper.header() } };
    expect((await same(session)).wasPlanned).toBe(true);
    planned.service.clock.advance(16 * 60_000);
    const tag = ++nonce;
    const before = planned.gateway.planned!.answered;
    const a = await post(planned, session, tag);
    expect(planned.gateway.planned!.answered - before).toBe(1);
    const b = await post(apollo, session, tag);
    expect(comparable(a)).toEqual(comparable(b));
    expect(a.headers['set-cookie']?.[0]).toMatch(/^shop_session=[^;]+;/);
    expect(a.headers['cache-control']).toBe('no-store');
    shopper.update(a.headers['set-cookie'] ?? []);

    const garbage = await same({
      name: 'GoodsDetailPage',
      variables: { id: productId },
      headers: { cookie: 'shop_session=not-a-seal' },
    });
    expect(garbage.wasPlanned).toBe(true);
    expect(garbage.headers['set-cookie']?.[0]).toMatch(/^shop_session=;/);
    expect(garbage.headers['cache-control']).toBe('no-store');
  });
});
