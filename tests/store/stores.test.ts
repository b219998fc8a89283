/**
 * The stores (store/src/index.ts) on a real Redis (Debian's redis-server on a free
 * port): what one gateway's store keeps another's reads, each use under its own prefix, entries
 * expire with the ttl they were given, and a Redis that goes away turns reads into misses and
 * writes into nothing instead of failing or hanging the request.
 */
import { PageCache } from '@shop/web-server/page-cache.ts';
import { describe, expect, it } from 'vitest';
import { startRedis } from '../../scripts/redis.ts';
import { redisForSuite } from './redis-fixture.ts';

/** An entry as the gateway's response cache writes it. */
const answer = (text: string) =>
  JSON.stringify({ data: { text }, cachePolicy: { maxAge: 30, scope: 'PUBLIC' }, cacheTime: Date.now() });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cache stores', () => {
  const { open } = redisForSuite();

  it('keeps entries in memory without REDIS_URL, one store per gateway', async () => {
    const [a, b] = [await open(null), await open(null)];
    expect(a.shared).toBe(false);
    const store = a.store('page');
    await store.set('k', 'v');
    expect(await store.get('k')).toBe('v');
    expect(await b.store('page').get('k')).toBeUndefined();
  });

  it("shares what one gateway's store keeps with another's, each use apart", async () => {
    const [a, b] = [await open(), await open()];
    expect(a.shared).toBe(true);
    await a.store('page').set('k', 'page');
    await a.store('response').set('k', answer('shared'));
    expect(await b.store('page').get('k')).toBe('page');
    expect(JSON.parse((await b.store('response').get('k'))!).data.text).toBe('shared');
    expect(await b.store('page').delete('k')).toBe(true);
    expect(await a.store('page').get('k')).toBeUndefined();
    expect(await a.store('response').get('k')).toBeDefined();
  });

  it('drops an entry when its ttl (seconds, as Apollo gives it) has passed', async () => {
    const store = (await open()).store('page');
    await store.set('short', 'v', { ttl: 0.2 });
    await store.set('long', 'v', { ttl: 30 });
    expect(await store.get('short')).toBe('v');
    await wait(300);
    expect(await store.get('short')).toBeUndefined();
    expect(await store.get('long')).toBe('v');
  });

  it('serves a page one instance rendered to another (the page cache over Redis)', async () => {
    const [a, b] = [await open(), await open()];
    const html = '<html><script nonce="N1">x</script>shared page</html>';
    await new PageCache({ store: a.store('page') }).set(
      'page-key',
      { status: 200, html, nonce: 'N1', etag: 'W/"t"' },
      30,
    );
    const found = await new PageCache({ store: b.store('page') }).lookup('page-key');
    expect(found?.fresh).toBe(true);
    expect(found!.page.html).toBe('<html><script>x</script>shared page</html>');
    expect(found!.page.scriptHashes).toHaveLength(1);
  });

  it('answers misses at once while Redis is gone, writes nothing and throws nothing', async () => {
    const own = await startRedis();
    const store = (await open(own.url)).store('page');
    await store.set('k', 'v');
    expect(await store.get('k')).toBe('v');
    await own.stop();
    const started = performance.now();
    expect(await store.get('k')).toBeUndefined();
    await store.set('k', 'w');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
