/**
 * A stored page read back from the page cache's store is checked before anything of it is used
 * (web-server/src/stored-page.ts): garbage, crafted hashes or validators, and times this gateway
 * would never have given are misses, reported once at warn per kind of fault; the Cache-Control a
 * stored page is answered with is what is left of its lifetime, within the gateway's bounds.
 */
import { createHash } from 'node:crypto';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { PageCache } from '@shop/web-server/page-cache.ts';
import { readStoredPage, storedPageCacheControl } from '@shop/web-server/stored-page.ts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';

const NOW = 1_800_000_000_000;
const BOUNDS = { maxChars: 10_000, maxLifetimeMs: 30_000, maxStaleMs: 60_000 };
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A page as this gateway stores it, changed by `change`. */
const entry = (change: Record<string, unknown> = {}) =>
  JSON.stringify({
    status: 200,
    html: '<html><script>a</script></html>',
    scriptHashes: [hash('a')],
    etag: 'W/"abcDEF123_-"',
    storedAt: NOW - 1_000,
    expiresAt: NOW + 4_000,
    staleUntil: NOW + 4_000,
    ...change,
  });

const fault = (text: string) => {
  const read = readStoredPage(text, BOUNDS, NOW);
  return 'fault' in read ? read.fault : null;
};

describe('stored pages are data', () => {
  it('reads back a page as this gateway stores it', () => {
    const read = readStoredPage(entry(), BOUNDS, NOW);
    expect('page' in read && read.page.scriptHashes).toEqual([hash('a')]);
  });

  it('refuses an entry that is not JSON', () => {
    expect(fault('garbage{{')).toBe('json');
  });

  it.each([
    ['a script source that widens the policy', { scriptHashes: ["'unsafe-inline'"] }],
    ['a hash with more after it', { scriptHashes: [`${hash('a')} 'unsafe-eval'`] }],
    ['a validator with a line break', { etag: 'W/"a"\r\nSet-Cookie: x=1' }],
    ['a status the gateway never stores', { status: 500 }],
    ['html over the size bound', { html: 'x'.repeat(BOUNDS.maxChars + 1) }],
    [
      'a lifetime beyond the public max-age',
      { expiresAt: NOW + 365 * 86_400_000, staleUntil: NOW + 365 * 86_400_000 },
    ],
    ['a stale window beyond its bound', { staleUntil: NOW + 4_000 + 61_000 }],
    ['times out of order', { expiresAt: NOW - 2_000 }],
    [
      'a page stored in the future',
      { storedAt: NOW + 60_000, expiresAt: NOW + 61_000, staleUntil: NOW + 61_000 },
    ],
    ['html that is not text', { html: { toString: 'x' } }],
  ])('refuses %s', (_what, change) => {
    expect(fault(entry(change))).toBe('shape');
  });

  it("keeps a page's shared screen whole, and refuses one that is not a screen", () => {
    const head = { title: 't', description: '', canonical: '/', alternates: [], meta: [], later: 'kept' };
    const screen = { html: '<p>s</p>', state: { ROOT_QUERY: {} }, styles: '', head };
    const read = readStoredPage(entry({ screen }), BOUNDS, NOW);
    expect('page' in read && read.page.screen).toEqual(screen);
    expect(fault(entry({ screen: { ...screen, html: 1 } }))).toBe('shape');
    expect(fault(entry({ screen: { ...screen, head: { ...head, meta: [{ key: 'http-equiv' }] } } }))).toBe(
      'shape',
    );
  });

  it('answers with what is left of the lifetime, whatever the entry claims, and no more than the bound', () => {
    const read = readStoredPage(entry({ cacheControl: 'public, max-age=31536000' }), BOUNDS, NOW);
    expect('page' in read).toBe(true);
    if (!('page' in read)) return;
    expect(storedPageCacheControl(read.page, NOW, 30)).toEqual({
      public: true,
      maxAge: 4,
      staleWhileRevalidate: null,
    });
    // 3.5 s later: 0.5 s are left, so nothing downstream may keep it fresh
    expect(storedPageCacheControl(read.page, NOW + 3_500, 30).maxAge).toBe(0);
    // within a smaller public max-age than the page was given
    expect(storedPageCacheControl(read.page, NOW, 2).maxAge).toBe(2);
  });

  it('gives a page with a stale window what is left of it after its lifetime', () => {
    const read = readStoredPage(entry({ staleUntil: NOW + 14_000 }), BOUNDS, NOW);
    if (!('page' in read)) throw new Error('refused');
    expect(storedPageCacheControl(read.page, NOW, 30)).toMatchObject({ maxAge: 4, staleWhileRevalidate: 10 });
    expect(storedPageCacheControl(read.page, NOW + 6_000, 30)).toMatchObject({
      maxAge: 0,
      staleWhileRevalidate: 8,
    });
  });

  it('makes a bad entry a miss, reported at warn once per kind of fault', async () => {
    const lines: Array<{ level: number; fault?: string }> = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const store = new InMemoryLRUCache<string>();
    const cache = new PageCache({ store, log, maxLifetimeSeconds: 30, now: () => NOW });
    await store.set('a', 'garbage{{');
    await store.set('b', 'garbage again{{');
    await store.set('c', entry({ scriptHashes: ["'unsafe-inline'"] }));
    expect(await cache.lookup('a')).toBeUndefined();
    expect(await cache.lookup('b')).toBeUndefined();
    expect(await cache.lookup('c')).toBeUndefined();
    const warned = lines.filter((line) => line.level === 40).map((line) => line.fault);
    expect(warned).toEqual(['json', 'shape']);
    expect(lines.filter((line) => line.level === 20)).toHaveLength(1);
    // a page stored over the bad entry is read as usual
    await cache.set('a', { status: 200, html: '<p>ok</p>', nonce: 'n', etag: 'W/"t"' }, 5);
    expect((await cache.lookup('a'))?.page.html).toBe('<p>ok</p>');
  });
});
