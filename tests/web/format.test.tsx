import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Money } from '../../web/src/components/Money.tsx';
import {
  FIRST_DAY_OF_WEEK,
  formatDate,
  formatDateTime,
  isEmptyTime,
  weekdayIndex,
} from '../../web/src/lib/date.ts';
import { formatMoney } from '../../web/src/lib/money.ts';
import { renderWithProviders } from './render.tsx';

describe('formatMoney', () => {
  it('shows ¥, two decimals and thousands separators', () => {
    expect(formatMoney(123450)).toBe('¥1,234.50');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(100)).toBe('¥1.00');
    expect(formatMoney(123456789012)).toBe('¥1,234,567,890.12');
    expect(formatMoney(-199)).toBe('-¥1.99');
  });

  it('uses integer math (no float drift)', () => {
    // 0.1 + 0.2 yuan style sums stay exact in fen
    expect(formatMoney(10 + 20)).toBe('¥0.30');
    expect(formatMoney(1999 * 3)).toBe('¥59.97');
    expect(formatMoney(100000)).toBe('¥1,000.00');
  });

  it('is the same in both locales', () => {
    expect(formatMoney(123450, 'en-GB')).toBe('¥1,234.50');
    expect(formatMoney(123450, 'zh-CN')).toBe('¥1,234.50');
  });

  it('<Money> renders formatted fen', () => {
    renderWithProviders(<Money fen={987654} />);
    expect(screen.getByText('¥9,876.54')).toBeInTheDocument();
  });
});

describe('formatDateTime', () => {
  it('shows 1900-01-01 00:00:00 (every form) and null as empty', () => {
    for (const value of [
      '1900-01-01 00:00:00',
      '1900-01-01T00:00:00',
      '1900-01-01T00:00:00Z',
      '1900-01-01T00:00:00.000Z',
      '1900-01-01T00:00:00+08:00',
      '1900-01-01',
      null,
      undefined,
      '',
    ]) {
      expect(formatDateTime(value, 'zh-CN')).toBe('');
      expect(isEmptyTime(value)).toBe(true);
    }
  });

  it('formats a local time per locale', () => {
    expect(formatDateTime('2024-03-05 14:07:09', 'zh-CN')).toBe('2024-03-05 14:07:09');
    expect(formatDateTime('2024-03-05 14:07:09', 'en-GB')).toBe('05/03/2024 14:07:09');
    expect(formatDate('2024-12-31T10:00:00', 'zh-CN')).toBe('2024-12-31');
  });

  it('formats ISO instants in local time and rejects garbage', () => {
    const iso = new Date(2024, 0, 2, 3, 4, 5).toISOString();
    expect(formatDateTime(iso, 'zh-CN')).toBe('2024-01-02 03:04:05');
    expect(formatDateTime('not a date', 'zh-CN')).toBe('');
  });

  it('weeks start on Monday', () => {
    expect(FIRST_DAY_OF_WEEK).toBe(1);
    expect(weekdayIndex(new Date(2024, 0, 1))).toBe(0); // Monday 1 Jan 2024
    expect(weekdayIndex(new Date(2024, 0, 7))).toBe(6); // Sunday
  });
});
