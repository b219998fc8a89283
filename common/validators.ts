/**
 * The helper checks (docs/product.md, "Validation") as pure functions, shared by the service and the web app.
 * No Node or DOM imports: everything here runs anywhere. Every check takes the raw value
 * (usually a string) and never throws; anything that is not a string (or a number where one
 * makes sense) is simply not valid.
 */

type Input = unknown;

const asText = (value: Input): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

const test = (pattern: RegExp, value: Input): boolean => {
  const text = asText(value);
  return text !== null && pattern.test(text);
};

/** Empty, missing or whitespace only: the generic text rule '请输入内容'. */
export function isBlank(value: Input): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  return value.trim() === '';
}

/**
 * Zero, missing or empty: the generic number rule '请输入数量'. Whitespace-only strings,
 * '0', '0.00' and NaN count as empty or zero.
 */
export function isZeroOrEmptyNumber(value: Input): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value) || value === 0;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (text === '') return true;
  const number = Number(text);
  return Number.isNaN(number) || number === 0;
}

export { isLink } from './link.ts';

/** An amount with at most 2 decimals, optionally negative: '12', '-3.5', '0.01'. */
export const isAmount = (value: Input): boolean => test(/^-?(?:0|[1-9]\d*)(?:\.\d{1,2})?$/, value);

/** A non-negative amount with at most 2 decimals: '0', '12.34'. */
export const isNonNegativeAmount = (value: Input): boolean => test(/^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/, value);

/** A number with at most 6 decimals, optionally negative: '3.141592'. */
export const isDecimal6 = (value: Input): boolean => test(/^-?(?:0|[1-9]\d*)(?:\.\d{1,6})?$/, value);

/** A number with at most 4 decimals, optionally negative: '2.5', '-0.1234'. */
export const isDecimal4 = (value: Input): boolean => test(/^-?(?:0|[1-9]\d*)(?:\.\d{1,4})?$/, value);

/** A positive whole number without sign or leading zeros: '1', '42'. */
export const isPositiveInteger = (value: Input): boolean => test(/^[1-9]\d*$/, value);

/** A non-negative whole number once all spaces are removed: '0', '1 000', ' 42 '. */
export function isNonNegativeIntegerIgnoringSpaces(value: Input): boolean {
  const text = asText(value);
  return text !== null && /^\d+$/.test(text.replace(/\s+/g, ''));
}

/** An e-mail address: local part, @, a domain with a top-level name of 2+ letters; at most 254 characters. */
export function isEmail(value: Input): boolean {
  const text = asText(value);
  if (text === null || text.length > 254) return false;
  return /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(
    text,
  );
}

/** A mainland mobile number: 11 digits starting with 1. */
export const isMobile = (value: Input): boolean => test(/^1\d{10}$/, value);

/** What people put between a number's digits: spaces of any width and hyphens (ASCII, Unicode, full-width). */
const PHONE_SEPARATORS = /[\s\-\u2010\u2011\uff0d]/g;

/**
 * A mobile number as people paste it, written as the shop stores it: '+86 139 1111 0002',
 * '139-1111-0002' and '0086 13911110002' → '13911110002'. Spaces and hyphens go, then the
 * country code (+86, 0086 or 86) when eleven digits starting with 1 follow it. Anything else
 * comes back without its separators, for `isMobile` to refuse; a non-string comes back as it is.
 */
export function normalizeMobile<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  const compact = value.replace(PHONE_SEPARATORS, '');
  return /^(?:\+|00)?86(1\d{10})$/.exec(compact)?.[1] ?? compact;
}

/** A mainland mobile number or any 10-digit number. */
export const isMobileOrTenDigits = (value: Input): boolean => isMobile(value) || test(/^\d{10}$/, value);

/** Digits, commas and hyphens only (at least one character): '1,2,3', '010-1234'. */
export const isDigitsCommasHyphens = (value: Input): boolean => test(/^[\d,-]+$/, value);

/** A 6-digit postcode: '100000'. */
export const isPostcode = (value: Input): boolean => test(/^\d{6}$/, value);

/** A password of 6–20 characters drawn from letters, digits and ! . _ - only. */
export const isPassword = (value: Input): boolean =>
  typeof value === 'string' && /^[A-Za-z0-9!._-]{6,20}$/.test(value);

/** Contains at least one letter and at least one digit. */
export const hasLetterAndDigit = (value: Input): boolean =>
  typeof value === 'string' && /[A-Za-z]/.test(value) && /\d/.test(value);

const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const PLATE_LETTER = 'A-HJ-NP-Z'; // I and O are never used on plates
// pure: a bundle that takes only another check (the storefront's link check) leaves these out
const ORDINARY_PLATE = /* @__PURE__ */ new RegExp(
  `^[${PLATE_PROVINCES}][${PLATE_LETTER}][${PLATE_LETTER}0-9]{4}[${PLATE_LETTER}0-9挂学警港澳]$`,
);
// New-energy plates have 6 characters after the issuing office: small cars start with a
// letter from A–K (D and F originally) followed by a letter or digit and 4 digits; large
// vehicles have 5 digits followed by D or F.
const NEW_ENERGY_PLATE = /* @__PURE__ */ new RegExp(
  `^[${PLATE_PROVINCES}][${PLATE_LETTER}](?:[A-HJK][${PLATE_LETTER}0-9]\\d{4}|\\d{5}[DF])$`,
);

/** A mainland licence plate, ordinary (京A12345, 粤B1234学) or new-energy (沪AD12345, 苏E12345F). Upper case only. */
export const isLicencePlate = (value: Input): boolean =>
  typeof value === 'string' && (ORDINARY_PLATE.test(value) || NEW_ENERGY_PLATE.test(value));

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/**
 * An 18-character resident identity number (GB 11643-1999): 17 digits, the check character
 * of the weighted sum mod 11 (digit or X, either case), and a real birth date from
 * 1900-01-01 up to `today`.
 */
export function isCitizenId(value: Input, today: Date = new Date()): boolean {
  if (typeof value !== 'string') return false;
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
  if (ID_CHECK_CHARS[sum % 11] !== id[17]) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return false;
  }
  return year >= 1900 && birth.getTime() <= today.getTime();
}

/** The check character (0–9 or X) of the first 17 digits of a citizen ID number. */
export function citizenIdCheckChar(first17: string): string {
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first17[i]), 0);
  return ID_CHECK_CHARS[sum % 11];
}

/**
 * A real name for the real-name check: 2–20 Chinese characters (with the middle dot of
 * transcribed names) or letters with single spaces.
 */
export const isRealName = (value: Input): boolean =>
  typeof value === 'string' &&
  value.length >= 2 &&
  value.length <= 20 &&
  (/^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/.test(value) || /^[A-Za-z]+(?: [A-Za-z]+)*$/.test(value));

/**
 * A user name: 2–20 letters, digits, underscores or Chinese characters, not only digits (so
 * that a user name can never be mistaken for someone's phone number at login).
 */
export const isUsername = (value: Input): boolean =>
  typeof value === 'string' && /^[A-Za-z0-9_\u4e00-\u9fa5]{2,20}$/.test(value) && !/^\d+$/.test(value);

/** One to three Chinese characters: '张', '李小明'. */
export const isChineseName1to3 = (value: Input): boolean =>
  typeof value === 'string' && /^[\u4e00-\u9fff]{1,3}$/.test(value);

/**
 * Masks an identity number, keeping the first 6 and last 4 characters:
 * '11010519491231002X' → '110105********002X'. Short values are masked entirely.
 */
export function maskIdNumber(value: string): string {
  const id = value.trim().toUpperCase();
  if (id.length <= 10) return '*'.repeat(id.length);
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}
