/**
 * Signed-in pages of a screen that is the same for everyone, on the real gateway and service: the
 * first such page is rendered whole while a visitor's render (no session, whatever the shopper's
 * cookies) is started behind it; later ones get that visitor's screen to render their personal
 * shell around, are never stored, and never leak into what a visitor is served. The server entry
 * is a stand-in (no `npm run build`) that reads the session through the real schema and records
 * what each render was given.
 */

import fs from 'node:fs';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

interface RenderSeen {
  path: string;
  account: string | null;
  screen: string | null;
  /** The cookies the render was given (the page's own: the sidebar's). */
  cookie: string;
}
/** What the stand-in entry shares with the test (it runs in the gateway, in this process). */
const probe: { renders: RenderSeen[] } = { renders: [] };
(globalThis as { __sharedScreenProbe?: typeof probe }).__sharedScreenProbe = probe;

const ENTRY = `
const probe = globalThis.__sharedScreenProbe;
export const renderCookies = [];
export const sharesScreen = (pathname) => pathname.startsWith('/shared');
export async function render(input) {
  const url = new URL(input.request.url);
  const result = await input.execute({
    query: 'query Session { session { isAuthenticated viewer { account } } }',
    variables: {},
    operationName: 'Session',
  });
  const account = result.data?.session?.viewer?.account ?? null;
  probe.renders.push({
    path: url.pathname,
    account,
    screen: input.screen?.html ?? null,
    cookie: input.request.headers.get('cookie'),
  });
  const head = { title: 'page', description: '', canonical: url.href, alternates: [], meta: [] };
  const app = input.screen
    ? '<header>' + account + '</header>' + input.screen.html
    : '<header>' + (account ?? 'visitor') + '</header><main>screen of ' + url.pathname + '</main>';
  return {
    kind: 'page',
    status: 200,
    head,
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({ account }),
    share:
      account === null && sharesScreen(url.pathname)
        ? (html) => ({ html: html.slice(html.indexOf('<main>')), state: {}, styles: '', head })
        : undefined,
    pipe: (into) => into.end(app),
  };
}
`;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gateway: signed-in pages around a screen rendered once for everyone', () => {
  let h: GatewayHarness;
  let dist: string;
  let bundle: string;
  let shopper: CookieJar;
  const get = async (address: string, cookie?: string) => {
    const res = await fetch(`${h.url}${address}`, {
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const rendersOf = (pathname: string) => probe.renders.filter((seen) => seen.path === pathname);

  beforeAll(async () => {
    ({ dist, bundle } = standInBuild(ENTRY));
    h = await startGatewayHarness({
      gatewayEnv: { WEB_DIST: dist, WEB_SSR_BUNDLE: bundle },
    });
    shopper = h.jar();
    const login = await h.gql(
      'mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }',
      { input: { account: 'demo', password: 'demo123' } },
      { jar: shopper },
    );
    expect(login.data).toMatchObject({ login: { session: { isAuthenticated: true } } });
    // the sidebar's cookie rides along: it must survive the session's removal
    shopper.set('sidebar', 'closed');
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("renders the first signed-in page whole and a visitor's page behind it, then only the shell", async () => {
    const first = await get('/shared/a', shopper.header());
    expect(first.headers.get('server-timing')).not.toContain('screen;desc=shared');
    expect(first.html).toContain('<header>demo</header><main>screen of /shared/a</main>');
    // the render behind ran without the session (it may finish first: it asks the service nothing)
    await expect
      .poll(() =>
        rendersOf('/shared/a')
          .map((seen) => String(seen.account))
          .sort(),
      )
      .toEqual(['demo', 'null']);
    expect(rendersOf('/shared/a').find((seen) => seen.account === null)?.cookie).toBe('sidebar=closed');

    // once the visitor's screen is kept, the shopper's pages are built around it
    let second = await get('/shared/a', shopper.header());
    await expect
      .poll(async () => {
        second = await get('/shared/a', shopper.header());
        return second.headers.get('server-timing');
      })
      .toContain('screen;desc=shared');
    expect(second.html).toContain('<header>demo</header><main>screen of /shared/a</main>');
    expect(rendersOf('/shared/a').at(-1)).toMatchObject({
      path: '/shared/a',
      account: 'demo',
      screen: '<main>screen of /shared/a</main>',
    });
    // personal: never stored anywhere
    expect(parseCacheControl(second.headers.get('cache-control') ?? '')).toMatchObject({ noStore: true });
  });

  it("never shows a visitor the shopper's page", async () => {
    await get('/shared/b', shopper.header());
    // the visitor's page is rendered behind the shopper's answer: visitors get it once it is kept
    let visitor = await get('/shared/b');
    await expect
      .poll(async () => {
        visitor = await get('/shared/b');
        return visitor.headers.get('server-timing');
      })
      .toBe('page-cache;desc=hit');
    expect(visitor.html).toContain('<header>visitor</header>');
    expect(visitor.html).not.toContain('demo');
  });

  it('starts no visitor render for a page whose screen is personal', async () => {
    await get('/cart-like', shopper.header());
    await get('/cart-like', shopper.header());
    await wait(200);
    expect(rendersOf('/cart-like').map((seen) => seen.account)).toEqual(['demo', 'demo']);
    expect(rendersOf('/cart-like').every((seen) => seen.screen === null)).toBe(true);
  });
});
