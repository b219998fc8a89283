/**
 * Shop money and time, formatted the same way by the web app, the gateway and the lpay page.
 *
 * Money is integer fen (hundredths) until it is shown: integer arithmetic only, so there is no
 * float drift (123450 CNY → '¥1,234.50', -5 → '-¥0.05'). The symbol is the currency's own narrow
 * sign, taken from the currency the API's `Money` names (the shop config says which); both locales
 * show the same sign, two decimals and comma thousands separators (docs/product.md, "Constants").
 *
 * Times are shown in the shop's time zone (Asia/Shanghai unless the shop configures another), not
 * in the browser's, so an order placed at 09:00 in Shanghai reads 09:00 for every shopper and on
 * the lpay page. The sentinel '1900-01-01 00:00:00' (in any of its ISO forms) means "no time" and
 * shows as empty.
 */

/** The shop's time zone when neither the system config nor SHOP_TIME_ZONE names one. */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Shanghai';

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function splitFen(fen: number): { sign: string; yuan: number; cents: string } {
  const value = Math.round(fen);
  const abs = Math.abs(value);
  return {
    sign: value < 0 ? '-' : '',
    yuan: Math.floor(abs / 100),
    cents: String(abs % 100).padStart(2, '0'),
  };
}

/** An amount as the API's `Money` carries it: hundredths and the ISO-4217 currency code. */
export interface MoneyAmount {
  fen: number;
  currency: string;
}

const symbols = new Map<string, string>();

/** The currency's narrow sign, the same in every locale ('¥' for CNY, '$' for USD); the code itself if unknown. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      const format = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
      });
      symbol = format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency; // not an ISO-4217 code Intl knows: show the code rather than nothing
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}

/** '¥1,234.50' from 123450 fen of CNY; empty for a non-number. */
export function formatMoney(fen: number, currency: string): string {
  if (!Number.isFinite(fen)) return '';
  const { sign, yuan, cents } = splitFen(fen);
  return `${sign}${currencySymbol(currency)}${groupThousands(String(yuan))}.${cents}`;
}

/** Decimal yuan without symbol or separators ('1234.50'): the GraphQL `Money.amount`, inputs. */
export function formatYuanPlain(fen: number): string {
  if (!Number.isFinite(fen)) return '';
  const { sign, yuan, cents } = splitFen(fen);
  return `${sign}${yuan}.${cents}`;
}

const EMPTY_SENTINEL = /^1900-01-01(?:[ T]00:00(?::00(?:\.0+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** True for null, blank and the '1900-01-01 00:00:00' sentinel. */
export function isEmptyTime(value: string | null | undefined): boolean {
  if (value == null) return true;
  const trimmed = value.trim();
  return trimmed === '' || EMPTY_SENTINEL.test(trimmed);
}

/** Zones already tried: building an Intl.DateTimeFormat costs more than the formatting it is asked for. */
const knownZones = new Map<string, boolean>();

/** True when the runtime knows the IANA zone (a bad config value falls back to the default). */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // A few zones at most are asked for; a stream of made-up names is not kept.
    if (knownZones.size < 64) knownZones.set(zone, known);
  }
  return known;
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/**
 * The wall clock of `value` in `zone`. A time without a zone ('2024-03-05 14:07:09', as the
 * service stores shop times) is already shop time and is taken as written.
 */
function wallClock(value: string, zone: string): WallClock | null {
  const plain = ZONELESS.exec(value.trim());
  if (plain) {
    const [, year, month, day, hour = '00', minute = '00', second = '00'] = plain;
    return { year, month, day, hour, minute, second } as WallClock;
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(isTimeZone(zone) ? zone : DEFAULT_SHOP_TIME_ZONE).formatToParts(date))
    parts[part.type] = part.value;
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  } as WallClock;
}

const datePart = (clock: WallClock, locale: string) =>
  locale === 'en-GB'
    ? `${clock.day}/${clock.month}/${clock.year}`
    : `${clock.year}-${clock.month}-${clock.day}`;

/** A formatter of a time in the shop's zone by locale: empty for none (or an unreadable value). */
const shopTimeFormat =
  (show: (clock: WallClock, locale: string) => string) =>
  (value: string | null | undefined, locale = 'zh-CN', zone = DEFAULT_SHOP_TIME_ZONE): string => {
    if (isEmptyTime(value)) return '';
    const clock = wallClock(value as string, zone);
    return clock ? show(clock, locale) : '';
  };

/** zh-CN '2024-03-05 14:07:09', en-GB '05/03/2024 14:07:09', in the shop's zone; empty for none. */
export const formatDateTime = shopTimeFormat(
  (clock, locale) => `${datePart(clock, locale)} ${clock.hour}:${clock.minute}:${clock.second}`,
);

/** zh-CN '2024-03-05', en-GB '05/03/2024', in the shop's zone; empty for none. */
export const formatDate = shopTimeFormat(datePart);

/** 'YYYYMMDDHHmmss' of an instant in the shop's zone: the time part of order numbers. */
export function shopStamp(date: Date, zone = DEFAULT_SHOP_TIME_ZONE): string {
  const clock = wallClock(date.toISOString(), zone) as WallClock;
  return `${clock.year}${clock.month}${clock.day}${clock.hour}${clock.minute}${clock.second}`;
}

/** Milliseconds left until `deadline` split for a countdown ('mm:ss', hours when needed); null when past. */
export function formatCountdown(msLeft: number): string | null {
  if (!Number.isFinite(msLeft) || msLeft <= 0) return null;
  const total = Math.floor(msLeft / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
