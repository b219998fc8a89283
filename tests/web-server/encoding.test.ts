/**
 * Content negotiation for the answers the servers compress themselves: the client's preferences
 * win, brotli breaks a tie, and an answer remembered for one header value never leaks to another.
 */
import { negotiateEncoding } from '@shop/common/http/encoding.ts';
import { describe, expect, it } from 'vitest';

describe('negotiateEncoding', () => {
  it('takes brotli on a tie, the client’s higher weight otherwise, and identity when nothing fits', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeNull();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding(['gzip', 'br'])).toBe('br');
  });

  it('answers every header value by its own preferences, however many distinct values arrive', () => {
    // more distinct values than it remembers: each still gets its own answer, asked twice
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 200; i += 1) {
        const q = ((i % 9) + 1) / 10;
        expect(negotiateEncoding(`gzip;q=${q}, br;q=${(q / 2).toFixed(3)}, x-${i}`)).toBe('gzip');
        expect(negotiateEncoding(`br;q=${q}, gzip;q=${(q / 2).toFixed(3)}, y-${i}`)).toBe('br');
        expect(negotiateEncoding(`br;q=0, gzip;q=0, z-${i}`)).toBeNull();
      }
    }
  });
});
