/**
 * End to end: the server render sends a session the service ended to /login, as it sends a
 * visitor. A shopper's cookie, replayed after its logout, asks for pages that need a shopper (the
 * cart, the personal centre): the first HTML is the redirect, and the stale cookie is cleared,
 * never a signed-in shell without data. Plain HTTP: the server's answer is the point here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shop, startShop } from './harness.ts';

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

/** A GraphQL call as the browser's app sends it, with a raw Cookie header. */
async function gql(query: string, variables: Record<string, unknown>, cookie?: string) {
  const res = await fetch(`${shop.origin}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      origin: shop.origin,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return { res, body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] } };
}

const page = (address: string, cookie: string) =>
  fetch(`${shop.origin}${address}`, { redirect: 'manual', headers: { accept: 'text/html', cookie } });

describe('server render: a session the service ended', () => {
  it('redirects the cart and the personal centre to /login and clears the stale cookie', async () => {
    const login = await gql('mutation($input: LoginInput!) { login(input: $input) { sessionToken } }', {
      input: { account: 'demo', password: 'demo123' },
    });
    expect(login.body.errors).toBeUndefined();
    const sealed = login.res.headers
      .getSetCookie()
      .find((c) => c.startsWith('shop_session='))
      ?.split(';')[0];
    expect(sealed).toBeTruthy();
    const cookie = sealed as string;
    // signed in, the cart is the cart
    expect((await page('/cart', cookie)).status).toBe(200);

    const logout = await gql('mutation { logout { session { isAuthenticated } } }', {}, cookie);
    expect(logout.body.errors).toBeUndefined();
    for (const address of ['/cart', '/user/center/info']) {
      const res = await page(address, cookie);
      expect(res.status, address).toBe(302);
      expect(res.headers.get('location'), address).toBe(`/login?redirect=${encodeURIComponent(address)}`);
      expect(
        res.headers.getSetCookie().some((c) => /^shop_session=;/.test(c)),
        address,
      ).toBe(true);
    }
  });
});
