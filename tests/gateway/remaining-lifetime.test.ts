/**
 * An entry of the response cache is handed on as it is at the time it is read
 * (gateway/src/cache/entries.ts): its max-age is what is left of its lifetime, and it counts as
 * stored now. Entries kept parsed in this process's memory and entries read as text from a shared
 * store come out the same; text that is not an entry is a miss.
 */
import { hash } from 'node:crypto';
import { memoryStore } from '@shop/store';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type ResponseEntry, responseEntryFrom, responseStore } from '../../gateway/src/cache/entries.ts';

const STORED = Date.now();
const DATA = { product: { stock: 3, cachePolicy: { maxAge: 999 } } };
const entry = (maxAge: number, scope: 'PUBLIC' | 'PRIVATE' = 'PUBLIC'): ResponseEntry => ({
  data: DATA,
  cachePolicy: { maxAge, scope },
  cacheTime: STORED,
});
const silent = pino({ level: 'silent' });

/** An entry stored at STORED, read at `now`, from memory or through a shared store's text. */
async function readAt(stored: ResponseEntry, now: number, shared: boolean) {
  let clock = STORED;
  const store = responseStore(
    shared ? memoryStore() : null,
    { maxEntries: 10, maxSize: 1 << 20 },
    silent,
    () => clock,
  );
  await store.set('k', stored, 3600);
  clock = now;
  return store.get('k');
}

describe.each([false, true])('response cache entries as of now (shared store: %s)', (shared) => {
  it('gives what is left of the lifetime, rounded down, stored now', async () => {
    expect(await readAt(entry(5), STORED + 3_400, shared)).toEqual({
      data: DATA,
      cachePolicy: { maxAge: 1, scope: 'PUBLIC' },
      cacheTime: STORED + 3_400,
    });
  });

  it('answers an entry with less than a second left as uncacheable (max-age 0)', async () => {
    expect((await readAt(entry(5, 'PRIVATE'), STORED + 4_999, shared))?.cachePolicy).toEqual({
      maxAge: 0,
      scope: 'PRIVATE',
    });
  });

  it('misses an entry past its lifetime', async () => {
    expect(await readAt(entry(5), STORED + 5_000, shared)).toBeUndefined();
  });

  it('never gives more than the hint, whatever the time of storing says', async () => {
    // read 2 s before the time it says it was stored (within the clock skew a check allows)
    expect((await readAt(entry(5), STORED - 2_000, shared))?.cachePolicy.maxAge).toBe(5);
  });
});

describe('response cache entries from outside the process', () => {
  it('are faults when they are not entries', () => {
    expect(responseEntryFrom('garbage{{')).toEqual({ fault: 'json' });
    expect(responseEntryFrom('{"data":{}}')).toEqual({ fault: 'shape' });
    expect(responseEntryFrom(JSON.stringify({ ...entry(5), x: 1 }))).toEqual({ fault: 'shape' });
    expect(responseEntryFrom(JSON.stringify(entry(5)))).toEqual(entry(5));
  });

  it('are misses in a shared store, and the request goes on', async () => {
    const text = memoryStore();
    const store = responseStore(text, { maxEntries: 10, maxSize: 1 << 20 }, silent);
    // The shared store names an entry by its key's sha256.
    const named = hash('sha256', 'k');
    await text.set(named, JSON.stringify({ ...entry(5), cachePolicy: { maxAge: 5, scope: 'EVERYONE' } }));
    expect(await store.get('k')).toBeUndefined();
    await text.set(named, JSON.stringify({ ...entry(5), cacheTime: Date.now() }));
    expect((await store.get('k'))?.data).toEqual(DATA);
  });
});
