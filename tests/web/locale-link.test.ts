/**
 * The app's link chain and a language switch: a query answered in a language the page no longer
 * shows is asked again in the current one; a mutation is sent once whatever happens meanwhile.
 */
import { ApolloClient } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoutDocument, ShopTimeZoneDocument } from '../../web/src/__generated__/graphql.ts';
import { createApolloLink, createCache } from '../../web/src/app/apollo.ts';

describe('the link chain across a language switch', () => {
  afterEach(() => vi.unstubAllGlobals());

  function clientSwitchingOnFirstRequest() {
    let locale = 'zh-CN';
    const asked: string[] = [];
    // The gateway is the edge here: it answers in the language asked for, and the shopper
    // switches while the first answer is on its way.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const language = new Headers(init?.headers).get('accept-language') ?? '';
        asked.push(language);
        if (asked.length === 1) locale = 'en-GB';
        const body = String(init?.body ?? '').includes('Logout')
          ? {
              data: {
                logout: {
                  __typename: 'LogoutPayload',
                  session: {
                    __typename: 'Session',
                    id: 's',
                    isAuthenticated: false,
                    defaultPassword: false,
                    viewer: null,
                  },
                  userErrors: [],
                },
              },
            }
          : { data: { config: { __typename: 'ShopConfig', timeZone: language } } };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const link = createApolloLink(
      {
        getLocale: () => locale,
        onUnauthenticated: vi.fn(),
        onForbidden: vi.fn(),
        onErrorMessage: vi.fn(),
        onNotice: vi.fn(),
      },
      'http://gateway.test/graphql',
    );
    return { client: new ApolloClient({ link, cache: createCache() }), asked };
  }

  it('asks a query again in the language chosen while it was in flight, and keeps that answer', async () => {
    const { client, asked } = clientSwitchingOnFirstRequest();
    const result = await client.query({ query: ShopTimeZoneDocument, fetchPolicy: 'network-only' });
    expect(asked).toEqual(['zh-CN', 'en-GB']);
    expect(result.data?.config.timeZone).toBe('en-GB');
  });

  it('never sends a mutation twice', async () => {
    const { client, asked } = clientSwitchingOnFirstRequest();
    await client.mutate({ mutation: LogoutDocument });
    expect(asked).toEqual(['zh-CN']);
  });
});
