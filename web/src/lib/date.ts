/**
 * Date/time display. The sentinel '1900-01-01 00:00:00' (in any of its ISO forms) means
 * "no time" and is shown as empty (SPEC §9). Times are shown in the browser's time zone.
 */
const EMPTY_SENTINEL = /^1900-01-01(?:[ T]00:00(?::00(?:\.0+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

export function isEmptyTime(value: string | null | undefined): boolean {
  if (value == null) return true;
  const trimmed = value.trim();
  return trimmed === '' || EMPTY_SENTINEL.test(trimmed);
}

const pad = (n: number) => String(n).padStart(2, '0');

function parse(value: string): Date | null {
  // 'YYYY-MM-DD HH:mm:ss' (no zone) is read as local time, like the service shows it.
  const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? value.replace(' ', 'T') : value;
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** zh-CN: '2024-03-05 14:07:09'; en-GB: '05/03/2024 14:07:09'. Empty for null or the sentinel. */
export function formatDateTime(iso: string | null | undefined, locale = 'zh-CN'): string {
  if (isEmptyTime(iso)) return '';
  const date = parse(iso as string);
  if (!date) return '';
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  return `${formatDate(iso, locale)} ${time}`;
}

/** zh-CN: '2024-03-05'; en-GB: '05/03/2024'. */
export function formatDate(iso: string | null | undefined, locale = 'zh-CN'): string {
  if (isEmptyTime(iso)) return '';
  const date = parse(iso as string);
  if (!date) return '';
  const y = date.getFullYear();
  const m = pad(date.getMonth() + 1);
  const d = pad(date.getDate());
  return locale === 'en-GB' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** SPEC §1: the week starts on Monday (0 = Sunday … 6 = Saturday, as Date#getDay). */
export const FIRST_DAY_OF_WEEK = 1;

/** Monday-based weekday index: Monday 0 … Sunday 6. */
export function weekdayIndex(date: Date): number {
  return (date.getDay() + 6) % 7;
}
