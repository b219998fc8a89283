/**
 * An entry of Apollo's response cache is handed on as it is at the time it is read
 * (gateway/src/graphql/remaining-lifetime.ts): its max-age is what is left of its lifetime, and it
 * counts as stored now, so the Age the plugin adds takes nothing off twice.
 */
import { describe, expect, it } from 'vitest';
import { asOfNow } from '../../gateway/src/graphql/remaining-lifetime.ts';

const STORED = 1_800_000_000_000;
const entry = (maxAge: number, scope = 'PUBLIC') =>
  JSON.stringify({ data: { product: { stock: 3 } }, cachePolicy: { maxAge, scope }, cacheTime: STORED });

describe('response cache entries as of now', () => {
  it('gives what is left of the lifetime, rounded down, stored now', () => {
    const read = JSON.parse(asOfNow(entry(5), STORED + 3_400) as string);
    expect(read).toEqual({
      data: { product: { stock: 3 } },
      cachePolicy: { maxAge: 1, scope: 'PUBLIC' },
      cacheTime: STORED + 3_400,
    });
  });

  it('answers an entry with less than a second left as uncacheable (max-age 0)', () => {
    expect(JSON.parse(asOfNow(entry(5, 'PRIVATE'), STORED + 4_999) as string).cachePolicy).toEqual({
      maxAge: 0,
      scope: 'PRIVATE',
    });
  });

  it('misses an entry past its lifetime, or one that is not an entry', () => {
    expect(asOfNow(entry(5), STORED + 5_000)).toBeUndefined();
    expect(asOfNow('garbage{{', STORED)).toBeUndefined();
    expect(asOfNow('{"data":{}}', STORED)).toBeUndefined();
  });

  it('never gives more than the hint, whatever the time of storing says', () => {
    // read 10 s before the time it says it was stored
    const read = JSON.parse(asOfNow(entry(5), STORED - 10_000) as string);
    expect(read.cachePolicy.maxAge).toBe(5);
  });
});
