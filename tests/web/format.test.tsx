import type { InMemoryCache } from '@apollo/client';
import {
  DEFAULT_SHOP_TIME_ZONE,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatMoney,
  formatYuanPlain,
  isEmptyTime,
  isTimeZone,
  shopStamp,
} from '@shop/common/format.ts';
import { screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ShopTimeZoneDocument } from '../../web/src/__generated__/graphql.ts';
import { createCache } from '../../web/src/app/type-policies.ts';
import { Money } from '../../web/src/components/Money.tsx';
import { shopperMessages } from '../../web/src/features/order/shopper-messages.ts';
import type { MessageId } from '../../web/src/i18n/message-ids.ts';
import layoutMessages from '../../web/src/layout/messages.ts';
import { useShopFormat } from '../../web/src/lib/format.ts';
import { renderWithProviders } from './render.tsx';
import { renderShop } from './shop-render.tsx';

describe('formatMoney', () => {
  it('shows ¥, two decimals and thousands separators', () => {
    expect(formatMoney(123450, 'CNY')).toBe('¥1,234.50');
    expect(formatMoney(0, 'CNY')).toBe('¥0.00');
    expect(formatMoney(5, 'CNY')).toBe('¥0.05');
    expect(formatMoney(100, 'CNY')).toBe('¥1.00');
    expect(formatMoney(123456789012, 'CNY')).toBe('¥1,234,567,890.12');
    expect(formatMoney(-199, 'CNY')).toBe('-¥1.99');
  });

  it('uses integer math (no float drift)', () => {
    // 0.1 + 0.2 yuan style sums stay exact in fen
    expect(formatMoney(10 + 20, 'CNY')).toBe('¥0.30');
    expect(formatMoney(1999 * 3, 'CNY')).toBe('¥59.97');
    expect(formatMoney(100000, 'CNY')).toBe('¥1,000.00');
  });

  it('gives the plain decimal for GraphQL Money.amount and inputs', () => {
    expect(formatYuanPlain(123450)).toBe('1234.50');
    expect(formatYuanPlain(-5)).toBe('-0.05');
    expect(formatYuanPlain(Number.NaN)).toBe('');
  });

  it("shows the sign of the Money's own currency, the same in both locales", () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-5, 'EUR')).toBe('-€0.05');
    expect(formatMoney(100, 'XYZ')).toBe('XYZ1.00');
  });

  it('<Money> renders the API Money with its currency', () => {
    renderWithProviders(
      <>
        <Money value={{ fen: 987654, currency: 'CNY' }} />
        <Money value={{ fen: 250, currency: 'USD' }} />
      </>,
    );
    expect(screen.getByText('¥9,876.54')).toBeInTheDocument();
    expect(screen.getByText('$2.50')).toBeInTheDocument();
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

  it('formats a zone-less shop time per locale as written', () => {
    expect(formatDateTime('2024-03-05 14:07:09', 'zh-CN')).toBe('2024-03-05 14:07:09');
    expect(formatDateTime('2024-03-05 14:07:09', 'en-GB')).toBe('05/03/2024 14:07:09');
    expect(formatDate('2024-12-31T10:00:00', 'zh-CN')).toBe('2024-12-31');
  });

  it('shows instants in the shop time zone (Asia/Shanghai), not the browser’s, and rejects garbage', () => {
    expect(DEFAULT_SHOP_TIME_ZONE).toBe('Asia/Shanghai');
    // 18:30 UTC is 02:30 the next day in Shanghai (UTC+8), whatever zone the tests run in.
    expect(formatDateTime('2024-01-01T18:30:05.000Z', 'zh-CN')).toBe('2024-01-02 02:30:05');
    expect(formatDateTime('2024-01-01T18:30:05Z', 'en-GB')).toBe('02/01/2024 02:30:05');
    expect(formatDate('2024-01-01T18:30:05Z', 'zh-CN')).toBe('2024-01-02');
    expect(formatDateTime('2024-01-01T18:30:05Z', 'zh-CN', 'Europe/London')).toBe('2024-01-01 18:30:05');
    expect(formatDateTime('2024-01-01T10:00:00+08:00', 'zh-CN')).toBe('2024-01-01 10:00:00');
    // An unknown configured zone falls back to the shop default instead of throwing.
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(formatDateTime('2024-01-01T18:30:05Z', 'zh-CN', 'Mars/Olympus')).toBe('2024-01-02 02:30:05');
    expect(formatDateTime('not a date', 'zh-CN')).toBe('');
  });

  it('stamps order numbers with the shop wall clock', () => {
    expect(shopStamp(new Date('2024-01-01T18:30:05Z'))).toBe('20240102023005');
    expect(shopStamp(new Date('2024-01-01T18:30:05Z'), 'Europe/London')).toBe('20240101183005');
  });

  it('counts down to a deadline and stops at zero', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_999)).toBe('01:01');
    expect(formatCountdown(3_600_000 + 5_000)).toBe('1:00:05');
    expect(formatCountdown(0)).toBeNull();
    expect(formatCountdown(-1)).toBeNull();
  });
});

describe('useShopFormat', () => {
  function Probe() {
    const format = useShopFormat();
    return (
      <output data-testid="probe">{`${format.dateTime('2024-01-01T18:30:05Z')} ${format.money({ fen: 123450, currency: 'CNY' })}`}</output>
    );
  }

  it('uses the shop time zone from the cached config and the current locale', () => {
    const cache: InMemoryCache = createCache();
    cache.writeQuery({
      query: ShopTimeZoneDocument,
      data: { config: { timeZone: 'Europe/London' } } as never,
    });
    renderShop(<Probe />, { cache, locale: 'en-GB' });
    expect(screen.getByTestId('probe')).toHaveTextContent('01/01/2024 18:30:05 ¥1,234.50');
  });

  it('falls back to Asia/Shanghai before the config arrives', () => {
    renderShop(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('2024-01-02 02:30:05 ¥1,234.50');
  });
});

describe('English plurals (ICU)', () => {
  it("says '1 item' and '2 items'", () => {
    const en = createIntl({
      locale: 'en-GB',
      messages: { ...layoutMessages['en-GB'], ...shopperMessages['en-GB'] } as Record<MessageId, string>,
    });
    expect(en.formatMessage({ id: 'layout.cartCount' }, { count: 1 })).toBe('Shopping cart, 1 item');
    expect(en.formatMessage({ id: 'layout.cartCount' }, { count: 2 })).toBe('Shopping cart, 2 items');
    expect(en.formatMessage({ id: 'order.items' }, { count: 1 })).toBe('1 item');
    expect(en.formatMessage({ id: 'order.items' }, { count: 3 })).toBe('3 items');
    const zh = createIntl({
      locale: 'zh-CN',
      messages: { ...layoutMessages['zh-CN'], ...shopperMessages['zh-CN'] } as Record<MessageId, string>,
    });
    expect(zh.formatMessage({ id: 'order.items' }, { count: 1 })).toBe('共 1 件商品');
  });
});
