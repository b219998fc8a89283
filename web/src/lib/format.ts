import {
  DEFAULT_SHOP_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatMoney,
  type MoneyAmount,
} from '@shop/common/format.ts';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { ShopTimeZoneDocument } from '../__generated__/graphql.ts';
import { useQuery } from '../app/query.ts';

export interface ShopFormat {
  /** '¥1,234.50' from the API's Money (fen and currency). */
  money: (money: MoneyAmount) => string;
  /** The time in the shop's zone for the current locale; empty for none or the 1900 sentinel. */
  dateTime: (value: string | null | undefined) => string;
  /** The date in the shop's zone for the current locale. */
  date: (value: string | null | undefined) => string;
}

/**
 * Money and time formatting of common/format.ts bound to the current locale and the shop's time
 * zone. The zone is read from the cache only (the shell's `config` query fills it), so no screen
 * waits for it; until it arrives the default zone (Asia/Shanghai) is used.
 */
export function useShopFormat(): ShopFormat {
  const { locale } = useIntl();
  const { data } = useQuery(ShopTimeZoneDocument, { fetchPolicy: 'cache-only' });
  const zone = data?.config.timeZone || DEFAULT_SHOP_TIME_ZONE;
  return useMemo(
    () => ({
      money: (money) => formatMoney(money.fen, money.currency),
      dateTime: (value) => formatDateTime(value, locale, zone),
      date: (value) => formatDate(value, locale, zone),
    }),
    [locale, zone],
  );
}
