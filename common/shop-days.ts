/**
 * The days an order export may be asked for, the one rule of the back office's form and the
 * service. Orders exist only within them, and keeping the bounds far from the ends of
 * JavaScript's calendar keeps every day, and the day after it, a real date.
 */
export const FIRST_SHOP_DAY = '2000-01-01';
export const LAST_SHOP_DAY = '2099-12-31';

/**
 * True for a day of the calendar written YYYY-MM-DD within [FIRST_SHOP_DAY, LAST_SHOP_DAY]:
 * '2026-02-30' is refused rather than rolled over to 2 March.
 */
export function isShopDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < FIRST_SHOP_DAY || value > LAST_SHOP_DAY) return false;
  const [year, month, date] = value.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toISOString().slice(0, 10) === value;
}
