/**
 * The memory store of the response cache sizes an entry by the walk that freezes it
 * (common/freeze.ts): close to its JSON's length, so the store's byte bound holds.
 */
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { freezeCountingChars } from '../../common/freeze.ts';
import { responseStore } from '../../gateway/src/cache/entries.ts';

const product = (id: number) => ({
  __typename: 'Product',
  id: String(id),
  name: `保温杯 500ml 第${id}款`,
  price: { fen: 5_900 + id, formatted: '¥59.00' },
  stock: 120,
  onShelf: true,
  image: null,
  tags: ['new', 'hot'],
});

describe('response entry size', () => {
  it('comes within a fifth of the JSON length and leaves everything frozen', () => {
    for (const data of [
      { product: product(1) },
      { products: { total: 40, records: [1, 2, 3, 4, 5].map(product) } },
    ]) {
      const answer = { data, cachePolicy: { maxAge: 30, scope: 'PUBLIC' }, cacheTime: Date.now() };
      const json = JSON.stringify(answer).length;
      const chars = freezeCountingChars(answer);
      expect(Math.abs(chars - json) / json).toBeLessThan(0.2);
      expect(Object.isFrozen(answer.data)).toBe(true);
      const first = 'product' in data ? data.product : data.products.records[0];
      if (!first) throw new Error('the answer holds no product');
      expect(Object.isFrozen(first.price)).toBe(true);
      expect(Object.isFrozen(first.tags)).toBe(true);
    }
  });

  it('keeps no more entries in memory than its byte bound holds', async () => {
    const entrySize = freezeCountingChars({
      data: { product: product(0) },
      cachePolicy: { maxAge: 30, scope: 'PUBLIC' },
      cacheTime: Date.now(),
    });
    const store = responseStore(
      null,
      { maxEntries: 100, maxSize: entrySize * 3 + 10 },
      pino({ level: 'silent' }),
    );
    for (let id = 1; id <= 6; id++) {
      const data = { product: product(id) };
      await store.set(
        `k${id}`,
        { data, cachePolicy: { maxAge: 30, scope: 'PUBLIC' }, cacheTime: Date.now() },
        30,
      );
    }
    const kept = [];
    for (let id = 1; id <= 6; id++) if (await store.get(`k${id}`)) kept.push(id);
    // The most recent ones, as many as fit.
    expect(kept).toEqual([4, 5, 6]);
  });
});
