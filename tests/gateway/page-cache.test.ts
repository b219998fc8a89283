/**
 * The page cache's own rules: a page lives for the lifetime it was given, every answer carries
 * the nonce it is given (never the render's), and the store stays within its bounds, dropping
 * the least recently used page first. How the server render uses it is in tests/e2e/ssr.e2e.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../gateway/src/ssr/page-cache.ts';

const NONCE = 'render-nonce-AAAA';
const page = (body: string) => ({
  status: 200,
  html: `<html><script nonce="${NONCE}">a</script>${body}<script nonce="${NONCE}">b</script></html>`,
  nonce: NONCE,
  etag: 'W/"tag"',
  cacheControl: 'public, max-age=30, stale-while-revalidate=60',
});

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('PageCache', () => {
  it('answers a page until its lifetime ends, then forgets it', () => {
    const time = clock();
    const cache = new PageCache({ now: time.now });
    cache.set('k', page('x'), 5);
    expect(cache.get('k')?.etag).toBe('W/"tag"');
    time.advance(4_999);
    expect(cache.get('k')).toBeDefined();
    expect(cache.age(cache.get('k')!)).toBe(4);
    time.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing for a lifetime of 0', () => {
    const cache = new PageCache();
    cache.set('k', page('x'), 0);
    expect(cache.get('k')).toBeUndefined();
  });

  it("puts each answer's own nonce wherever the render's stood", () => {
    const cache = new PageCache();
    cache.set('k', page('x'), 30);
    const html = PageCache.html(cache.get('k')!, 'fresh-1');
    expect(html).not.toContain(NONCE);
    expect(html.match(/nonce="fresh-1"/g)).toHaveLength(2);
    expect(PageCache.html(cache.get('k')!, 'fresh-2')).toContain('nonce="fresh-2"');
  });

  it('drops the least recently used page beyond its bound of entries', () => {
    const cache = new PageCache({ maxEntries: 2 });
    cache.set('a', page('a'), 30);
    cache.set('b', page('b'), 30);
    cache.get('a');
    cache.set('c', page('c'), 30);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('stays within its bound of characters, and never keeps a page larger than it', () => {
    const one = page('x'.repeat(100)).html.length;
    const cache = new PageCache({ maxBytes: one * 2 + 10 });
    cache.set('a', page('x'.repeat(100)), 30);
    cache.set('b', page('y'.repeat(100)), 30);
    cache.set('c', page('z'.repeat(100)), 30);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.set('huge', page('h'.repeat(one * 3)), 30);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
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
