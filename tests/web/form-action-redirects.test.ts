/**
 * The login form's server action (web/src/app/form-actions/) with the `redirect` the site itself
 * writes into it: a search in Chinese is followed, percent-encoded as a Location carries it;
 * control characters and other sites in any spelling go to /home; and which routes take a form
 * at all (a POST to any other page is answered 405 by the gateway).
 */
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { ActionFunctionArgs } from 'react-router-dom';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { accountAction } from '../../web/src/app/form-actions/account.ts';
import { acceptsFormAt } from '../../web/src/app/form-actions/index.ts';
import { routes } from '../../web/src/app/routes.tsx';

/** A client whose every operation answers as the gateway does for a login that succeeds. */
function signingInClient(): ApolloClient {
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        const session = {
          __typename: 'Session',
          id: 'session',
          isAuthenticated: true,
          defaultPassword: false,
          viewer: null,
        };
        observer.next({
          data: { login: { __typename: 'LoginPayload', defaultPassword: false, session, userErrors: [] } },
        });
        observer.complete();
      }),
  );
  return new ApolloClient({ link, cache: new InMemoryCache() });
}

async function signIn(redirect: string): Promise<Response> {
  const request = new Request('http://shop.test/login', {
    method: 'POST',
    body: new URLSearchParams({ intent: 'login', account: 'demo', password: 'demo123', redirect }),
  });
  const args = { request, params: {}, context: { client: signingInClient() } } as ActionFunctionArgs;
  return (await accountAction(args)) as Response;
}

describe('the login action after signing in', () => {
  it('follows a Chinese search address, percent-encoded', async () => {
    const answer = await signIn('/category/search-result?keyword=手机');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/category/search-result?keyword=%E6%89%8B%E6%9C%BA');
  });

  it.each([
    '/cart\r\nSet-Cookie: planted=1',
    '/cart%0D%0ASet-Cookie:%20planted=1',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/\t/evil.example',
    '//evil.example',
    'https://evil.example/',
  ])('sends %j to /home', async (redirect) => {
    const answer = await signIn(redirect);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/home');
  });
});

describe('routes that take a form', () => {
  it('are those with an action; the start page, the home page and a search take none', () => {
    for (const path of [
      '/login',
      '/cart',
      '/user/center/password',
      '/goods/detail/7',
      '/user/center/orders/3',
    ])
      expect(acceptsFormAt(routes, path)).toBe(true);
    for (const path of ['/', '/home', '/category/search-result', '/order/pay-result', '/nowhere'])
      expect(acceptsFormAt(routes, path)).toBe(false);
  });
});
