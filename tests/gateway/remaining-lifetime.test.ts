/**
 * An entry of Apollo's response cache is handed on as it is at the time it is read
 * (gateway/src/cache/entries.ts): its max-age is what is left of its lifetime, and it counts as
 * stored now, so the Age the plugin adds takes nothing off twice. Entries this process wrote
 * (trusted) and entries read from Redis (checked) come out the same.
 */
import { describe, expect, it } from 'vitest';
import { responseAsOfNow } from '../../gateway/src/cache/entries.ts';

const STORED = Date.now();
/** As the plugin writes it; `data` holds a field named like the entry's own policy. */
const entry = (maxAge: number, scope = 'PUBLIC') =>
  JSON.stringify({
    data: { product: { stock: 3, cachePolicy: { maxAge: 999 } } },
    cachePolicy: { maxAge, scope },
    cacheTime: STORED,
  });
const read = (text: string, now: number, trusted: boolean) => {
  const value = responseAsOfNow(text, now, trusted);
  return typeof value === 'string' ? JSON.parse(value) : value;
};

describe.each([true, false])('response cache entries as of now (trusted: %s)', (trusted) => {
  it('gives what is left of the lifetime, rounded down, stored now', () => {
    expect(read(entry(5), STORED + 3_400, trusted)).toEqual({
      data: { product: { stock: 3, cachePolicy: { maxAge: 999 } } },
      cachePolicy: { maxAge: 1, scope: 'PUBLIC' },
      cacheTime: STORED + 3_400,
    });
  });

  it('answers an entry with less than a second left as uncacheable (max-age 0)', () => {
    expect(read(entry(5, 'PRIVATE'), STORED + 4_999, trusted).cachePolicy).toEqual({
      maxAge: 0,
      scope: 'PRIVATE',
    });
  });

  it('misses an entry past its lifetime', () => {
    expect(responseAsOfNow(entry(5), STORED + 5_000, trusted)).toBeUndefined();
  });

  it('never gives more than the hint, whatever the time of storing says', () => {
    // read 2 s before the time it says it was stored (within the clock skew a check allows)
    expect(read(entry(5), STORED - 2_000, trusted).cachePolicy.maxAge).toBe(5);
  });
});

describe('response cache entries from outside the process', () => {
  it('are faults when they are not entries', () => {
    expect(responseAsOfNow('garbage{{', STORED, false)).toEqual({ fault: 'json' });
    expect(responseAsOfNow('{"data":{}}', STORED, false)).toEqual({ fault: 'shape' });
    expect(
      responseAsOfNow(
        JSON.stringify({ cachePolicy: { maxAge: 5, scope: 'PUBLIC' }, cacheTime: STORED, data: {}, x: 1 }),
        STORED,
        false,
      ),
    ).toEqual({ fault: 'shape' });
  });

  it('checks in full a trusted entry that is not in the form the plugin writes', () => {
    expect(responseAsOfNow('garbage{{', STORED, true)).toEqual({ fault: 'json' });
  });
});
