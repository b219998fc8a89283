import { describe, expect, it } from 'vitest';
import { formatSalesCount } from '../../web/src/lib/sales-count.ts';

describe('formatSalesCount', () => {
  it('shows counts below 10,000 as they are, in both languages', () => {
    for (const locale of ['zh-CN', 'en-GB'] as const) {
      expect(formatSalesCount(0, locale)).toBe('0');
      expect(formatSalesCount(61, locale)).toBe('61');
      expect(formatSalesCount(9999, locale)).toBe('9999');
    }
  });

  it('counts in 万 and 亿 with one decimal and a + in Chinese', () => {
    expect(formatSalesCount(10_000, 'zh-CN')).toBe('1万+');
    expect(formatSalesCount(61_000, 'zh-CN')).toBe('6.1万+');
    expect(formatSalesCount(12_345, 'zh-CN')).toBe('1.2万+');
    expect(formatSalesCount(1_234_567, 'zh-CN')).toBe('123.4万+');
    expect(formatSalesCount(99_999_999, 'zh-CN')).toBe('9999.9万+');
    expect(formatSalesCount(123_456_789, 'zh-CN')).toBe('1.2亿+');
  });

  it('counts in k and M with one decimal and a + in English', () => {
    expect(formatSalesCount(10_000, 'en-GB')).toBe('10k+');
    expect(formatSalesCount(61_000, 'en-GB')).toBe('61k+');
    expect(formatSalesCount(12_345, 'en-GB')).toBe('12.3k+');
    expect(formatSalesCount(999_999, 'en-GB')).toBe('999.9k+');
    expect(formatSalesCount(1_000_000, 'en-GB')).toBe('1M+');
    expect(formatSalesCount(12_345_678, 'en-GB')).toBe('12.3M+');
  });

  it('cuts instead of rounding up, so the + is true', () => {
    expect(formatSalesCount(61_999, 'zh-CN')).toBe('6.1万+');
    expect(formatSalesCount(19_999, 'zh-CN')).toBe('1.9万+');
    expect(formatSalesCount(61_999, 'en-GB')).toBe('61.9k+');
    expect(formatSalesCount(99_999, 'en-GB')).toBe('99.9k+');
  });

  it('shows nonsense as 0', () => {
    expect(formatSalesCount(Number.NaN, 'zh-CN')).toBe('0');
    expect(formatSalesCount(-5, 'en-GB')).toBe('0');
  });
});
