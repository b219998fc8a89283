/**
 * How the server render uses the page cache, on the real gateway and service: a page past its
 * lifetime is answered stale at once while one render replaces it behind the answer, concurrent
 * misses of one page wait for one render, and a page that shows stock is never served past the
 * stock bound. The server entry is a stand-in (no `npm run build`): it counts its renders per
 * address, can be held until the test lets it go, and asks the real schema for stock on
 * `/stock` pages, so the page's lifetime comes from the gateway's own cache policy.
 */

import fs from 'node:fs';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

/** What the stand-in entry shares with the test (it runs in the gateway, in this process). */
interface Probe {
  renders: Record<string, number>;
  /** While set, renders wait for it. */
  hold?: Promise<void>;
}
const probe: Probe = { renders: {} };
(globalThis as { __pageCacheProbe?: Probe }).__pageCacheProbe = probe;

const ENTRY = `
const probe = globalThis.__pageCacheProbe;
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  const key = url.pathname + url.search;
  const n = (probe.renders[key] = (probe.renders[key] ?? 0) + 1);
  if (probe.hold) await probe.hold;
  if (url.pathname === '/stock') {
    await input.execute({
      query: 'query Stock { hotProducts { records { id stock } } }',
      variables: {},
      operationName: 'Stock',
    });
  }
  return {
    kind: 'page',
    status: 200,
    head: { title: 'page', description: '', canonical: url.href, alternates: [], meta: [] },
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({}),
    pipe: (into) => into.end('<p>' + key + ' render ' + n + '</p>'),
  };
}
`;

describe('gateway: the page cache in front of the server render', () => {
  let h: GatewayHarness;
  let dist: string;
  let bundle: string;
  const get = async (address: string) => {
    const res = await fetch(`${h.url}${address}`, { headers: { accept: 'text/html' } });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const hit = (res: { headers: Headers }) => res.headers.get('server-timing') === 'page-cache;desc=hit';

  beforeAll(async () => {
    ({ dist, bundle } = standInBuild(ENTRY));
    h = await startGatewayHarness({
      gatewayEnv: {
        WEB_DIST: dist,
        WEB_SSR_BUNDLE: bundle,
        // pages live 3 s (stale for 6 s more), stock 2 s, on the cache clock the tests move. A
        // page's header counts whole seconds left, so a 1 s bound would leave 0 once a millisecond
        // has passed since its data answered.
        GATEWAY_PUBLIC_MAX_AGE: '3',
        GATEWAY_STOCK_MAX_AGE: '2',
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers an expired page stale at once and renders it again behind the answer', async () => {
    const first = await get('/home?swr=1');
    expect(first.headers.get('server-timing')).toMatch(/^render;dur=/);
    expect(parseCacheControl(first.headers.get('cache-control') ?? '')).toMatchObject({
      public: true,
      maxAge: 3,
      staleWhileRevalidate: 6,
    });
    expect(first.html).toContain('/home?swr=1 render 1');
    h.cacheClock.advance(3_100);

    // The render behind the answer is held: the visitor still gets the stored page, not a wait.
    let release!: () => void;
    probe.hold = new Promise((resolve) => {
      release = resolve;
    });
    const stale = await get('/home?swr=1');
    expect(hit(stale)).toBe(true);
    // past its lifetime: nothing of it is fresh any more, what is left of its stale window may be used
    expect(parseCacheControl(stale.headers.get('cache-control') ?? '')).toMatchObject({ maxAge: 0 });
    expect(stale.headers.get('age')).toBeNull();
    expect(stale.html).toContain('/home?swr=1 render 1');
    await expect.poll(() => probe.renders['/home?swr=1']).toBe(2);
    // Another visitor meanwhile: stale again, and no second render behind it.
    const meanwhile = await get('/home?swr=1');
    expect(meanwhile.html).toContain('render 1');
    expect(probe.renders['/home?swr=1']).toBe(2);
    probe.hold = undefined;
    release();

    // until the render behind is stored, visitors still get the stale page (and start no other)
    let fresh = await get('/home?swr=1');
    await expect
      .poll(async () => {
        fresh = await get('/home?swr=1');
        return fresh.html;
      })
      .toContain('/home?swr=1 render 2');
    expect(hit(fresh)).toBe(true);
    expect(parseCacheControl(fresh.headers.get('cache-control') ?? '').maxAge).toBeGreaterThan(0);
    expect(probe.renders['/home?swr=1']).toBe(2);
  });

  it('renders a page once for concurrent misses: the others wait for its page', async () => {
    let release!: () => void;
    probe.hold = new Promise((resolve) => {
      release = resolve;
    });
    const answers = Promise.all(Array.from({ length: 5 }, () => get('/home?flight=1')));
    await expect.poll(() => probe.renders['/home?flight=1']).toBe(1);
    probe.hold = undefined;
    release();
    const all = await answers;
    expect(probe.renders['/home?flight=1']).toBe(1);
    expect(all.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(all.filter(hit)).toHaveLength(4);
    for (const res of all) expect(res.html).toContain('/home?flight=1 render 1');
  });

  it('never serves a page that shows stock past the stock bound', async () => {
    const first = await get('/stock?bound=1');
    expect(first.headers.get('server-timing')).toMatch(/^render;dur=/);
    const policy = parseCacheControl(first.headers.get('cache-control') ?? '');
    // what is left of the 2 s bound since the stock answered, in whole seconds, and nothing stale
    expect(policy).toMatchObject({ public: true, staleWhileRevalidate: null });
    expect(policy.maxAge).toBeGreaterThan(0);
    expect(policy.maxAge).toBeLessThanOrEqual(2);
    expect(hit(await get('/stock?bound=1'))).toBe(true);
    h.cacheClock.advance(2_100);
    const after = await get('/stock?bound=1');
    expect(hit(after)).toBe(false);
    expect(after.html).toContain('/stock?bound=1 render 2');
    expect(probe.renders['/stock?bound=1']).toBe(2);
  });
});
