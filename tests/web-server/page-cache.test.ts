/**
 * The page cache's own rules: a page lives for the lifetime it was given and its stale window,
 * it is kept without the render's nonce and with the hashes of its inline scripts, the memory store stays within
 * its bounds, dropping the least recently used page first, and one render of a page is counted as
 * running until what it kept can be read. How the server render uses it is in tests/e2e/ssr.e2e.test.ts.
 */

import { createHash } from 'node:crypto';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { PageCache, withoutNonce } from '@shop/web-server/page-cache.ts';
import { storedPageCacheControl } from '@shop/web-server/stored-page.ts';
import { describe, expect, it } from 'vitest';

const NONCE = 'render-nonce-AAAA';
const page = (body: string) => ({
  status: 200,
  html: `<html><script nonce="${NONCE}">a</script>${body}<script nonce="${NONCE}">b</script></html>`,
  nonce: NONCE,
  etag: 'W/"tag"',
});

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('PageCache', () => {
  it('answers a page fresh for its lifetime, then not at all when it has no stale window', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    await cache.set('k', page('x'), 5);
    expect((await cache.lookup('k'))?.page.etag).toBe('W/"tag"');
    time.advance(4_999);
    const late = await cache.lookup('k');
    expect(late?.fresh).toBe(true);
    // what is left of its lifetime, rounded down: no cache downstream keeps it past the page cache
    expect(storedPageCacheControl(late!.page, time.now(), 30)).toMatchObject({ maxAge: 0 });
    time.advance(1);
    expect(await cache.lookup('k')).toBeUndefined();
  });

  it('serves a page stale for its stale window after its lifetime, then forgets it', async () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    await cache.set('k', page('x'), 5, 10);
    expect((await cache.lookup('k'))?.fresh).toBe(true);
    time.advance(5_000);
    expect((await cache.lookup('k'))?.fresh).toBe(false);
    time.advance(9_999);
    expect((await cache.lookup('k'))?.fresh).toBe(false);
    time.advance(1);
    expect(await cache.lookup('k')).toBeUndefined();
  });

  it('keeps nothing for a lifetime of 0', async () => {
    const cache = new PageCache();
    await cache.set('k', page('x'), 0, 60);
    expect(await cache.lookup('k')).toBeUndefined();
  });

  it("keeps a page without the render's nonce, its inline scripts allowed by their hashes", async () => {
    const cache = new PageCache();
    await cache.set('k', page('x'), 30);
    const stored = (await cache.lookup('k'))!.page;
    expect(stored.html).toBe('<html><script>a</script>x<script>b</script></html>');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(stored.scriptHashes).toEqual([hash('a'), hash('b')]);
  });

  it('hashes only the scripts that carried the nonce, whatever their text holds', () => {
    const html =
      '<script nonce="n+/=">window.__S={"a":"<\\/script>"}</script><script src="/x.js"></script><script nonce="n+/=">b</script>';
    const { html: kept, scriptHashes } = withoutNonce(html, 'n+/=');
    expect(kept).not.toContain('nonce');
    expect(scriptHashes).toHaveLength(2);
    expect(scriptHashes[1]).toBe(`'sha256-${createHash('sha256').update('b').digest('base64')}'`);
  });

  it('drops the least recently used page beyond its bound of entries', async () => {
    const cache = new PageCache({ maxEntries: 2 });
    await cache.set('a', page('a'), 30);
    await cache.set('b', page('b'), 30);
    await cache.lookup('a');
    await cache.set('c', page('c'), 30);
    expect(await cache.lookup('b')).toBeUndefined();
    expect(await cache.lookup('a')).toBeDefined();
    expect(await cache.lookup('c')).toBeDefined();
  });

  it('stays within its bound of characters, and never keeps a page larger than it', async () => {
    const one = JSON.stringify(page('x'.repeat(1000))).length;
    // room for two pages as stored (with their hashes and times), not three
    const cache = new PageCache({ maxBytes: one * 2 + 400 });
    await cache.set('a', page('x'.repeat(1000)), 30);
    await cache.set('b', page('y'.repeat(1000)), 30);
    await cache.set('c', page('z'.repeat(1000)), 30);
    expect(await cache.lookup('a')).toBeUndefined();
    expect(await cache.lookup('b')).toBeDefined();
    expect(await cache.lookup('c')).toBeDefined();
    await cache.set('huge', page('h'.repeat(one * 3)), 30);
    expect(await cache.lookup('huge')).toBeUndefined();
    expect(await cache.lookup('c')).toBeDefined();
  });

  it('keeps its pages in the store it is given', async () => {
    const store = new InMemoryLRUCache<string>();
    await new PageCache({ store }).set('k', page('shared'), 30);
    const other = new PageCache({ store });
    expect((await other.lookup('k'))!.page.html).toContain('shared');
  });

  it('counts one render of a page as running until it ends and what it kept can be read', async () => {
    const cache = new PageCache();
    expect(cache.running('k')).toBeUndefined();
    const ended = cache.begin('k');
    const running = cache.running('k');
    expect(running).toBeDefined();
    let settled = false;
    void running!.then(() => {
      settled = true;
    });
    void cache.set('k', page('x'), 30);
    ended();
    ended();
    await running;
    expect(settled).toBe(true);
    expect(cache.running('k')).toBeUndefined();
    expect(await cache.lookup('k')).toBeDefined();
  });

  it('stops counting a render no one ended after its bound', async () => {
    const cache = new PageCache({ renderBoundMs: 20 });
    cache.begin('k');
    await cache.running('k');
    expect(cache.running('k')).toBeUndefined();
  });

  it('tells pages apart by build, language, address and the cookies the render reads', () => {
    const base = {
      build: 1,
      locale: 'zh-CN',
      url: '/home',
      cookie: undefined,
      readCookies: ['sidebarStatus'],
    };
    const keys = new Set([
      PageCache.key(base),
      PageCache.key({ ...base, build: 2 }),
      PageCache.key({ ...base, locale: 'en-GB' }),
      PageCache.key({ ...base, url: '/home?page=2' }),
      PageCache.key({ ...base, cookie: 'sidebarStatus=0' }),
    ]);
    expect(keys.size).toBe(5);
    // any other cookie is not the render's business: the same page
    expect(PageCache.key({ ...base, cookie: 'sidebarStatus=0; tracking=abc' })).toBe(
      PageCache.key({ ...base, cookie: 'tracking=xyz; sidebarStatus=0' }),
    );
    expect(PageCache.key({ ...base, cookie: 'tracking=abc' })).toBe(PageCache.key(base));
  });
});
