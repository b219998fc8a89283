// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A mobile-style client (docs/mobile.md): no cookies, bearer only. It logs in with
 * `transport: BEARER`, lets the REST access token expire (the service's test clock), keeps working by adopting the renewed
 * session from `extensions.session.token`, reads with GET (CSRF header) and logs out.
 */
import { exampleOperations } from '@shop/playground/examples';
import { buildASTSchema, concatAST, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeDefs } from '../../gateway/src/graphql/schema.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = `mutation($i: LoginInput!) { login(input: $i) {
  sessionToken session { isAuthenticated } userErrors { code field message } } }`;
const ME = '{ session { isAuthenticated viewer { account } } cart { totalQuantity } }';

describe('a bearer-only (mobile) client', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '15m', REFRESH_GRACE: '10s' } });
  });
  afterAll(() => h.close());

  it('logs in, survives an expired access token by adopting extensions.session.token, and logs out', async () => {
    const wrong = await h.gql<any>(LOGIN, {
      i: { account: 'demo', password: 'nope-nope1', transport: 'BEARER' },
    });
    expect(wrong.data.login).toMatchObject({
      sessionToken: null,
      userErrors: [{ code: 'ACCOUNT_BAD_CREDENTIALS' }],
    });

    const login = await h.gql<any>(LOGIN, {
      i: { account: 'demo', password: 'demo123', transport: 'BEARER' },
    });
    expect(login.errors).toBeUndefined();
    expect(login.setCookies).toEqual([]);
    let token: string = login.data.login.sessionToken;
    expect(token).toMatch(/\S{40,}/);
    const adopt = (res: { extensions?: Record<string, any> }) => {
      const renewed = res.extensions?.session?.token;
      if (typeof renewed === 'string') token = renewed;
      return renewed;
    };

    const fresh = await h.gql<any>(ME, undefined, { bearer: token });
    expect(fresh.data.session).toEqual({ isAuthenticated: true, viewer: { account: 'demo' } });
    expect(adopt(fresh)).toBeUndefined(); // nothing renewed: keep the token

    h.service.clock.advance(16 * 60_000); // the REST access token inside the session has expired
    const before = token;
    h.resetServiceLog();
    const expired = await h.gql<any>(ME, undefined, { bearer: token });
    expect(expired.errors).toBeUndefined();
    expect(expired.data.session.viewer).toEqual({ account: 'demo' });
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(1);
    expect(adopt(expired)).toEqual(expect.any(String));
    expect(token).not.toBe(before);
    expect(expired.headers['cache-control']).toBe('no-store');

    // The adopted session works without another refresh; a GET needs the CSRF header.
    h.resetServiceLog();
    const viaGet = await h.http
      .get('/graphql')
      .query({ query: ME })
      .set('authorization', `Bearer ${token}`)
      .set('apollo-require-preflight', 'true');
    expect(viaGet.status).toBe(200);
    expect(viaGet.body.data.session.isAuthenticated).toBe(true);
    expect(h.serviceCalls('POST /service/refresh-token')).toBe(0);
    const noHeader = await h.http
      .get('/graphql')
      .query({ query: ME })
      .set('authorization', `Bearer ${token}`);
    expect(noHeader.status).toBe(400);

    const logout = await h.gql<any>(
      'mutation { logout(input: {}) { session { isAuthenticated } userErrors { code } } }',
      undefined,
      { bearer: token },
    );
    expect(logout.data.logout).toEqual({ session: { isAuthenticated: false }, userErrors: [] });
    expect(logout.extensions?.session).toEqual({ token: null }); // null: forget the token
    // A token kept after logout is refused upstream, and the answer says to forget it.
    const cart = await h.gql<any>('{ cart { id } }', undefined, { bearer: token });
    expect(cart.extensions?.session).toEqual({ token: null });
    expect(cart.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('the playground examples are valid operations and show the bearer login beside the cookie one', () => {
    const schema = buildASTSchema(concatAST(typeDefs.map((sdl) => parse(sdl))));
    const document = parse(exampleOperations);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    expect(exampleOperations).toMatch(/login\(input: \{[^}]*transport: BEARER/);
    expect(exampleOperations).toMatch(/Authorization": "Bearer/);
  });
});
