/**
 * Format rules of the accounts module. The spec's shared helper checks (mobile, password,
 * citizen ID) belong in common/validators.ts once it exists; these mirror SPEC §5.
 */

/** Mainland mobile number: 11 digits starting with 1 (SPEC §5). */
export const isMobile = (value: string) => /^1\d{10}$/.test(value);

/** 6–20 characters of letters, digits and ! . _ - (SPEC §5). */
export const isPasswordChars = (value: string) => /^[A-Za-z0-9!._-]{6,20}$/.test(value);

/** Contains both a letter and a digit (SPEC §5). */
export const hasLetterAndDigit = (value: string) => /[A-Za-z]/.test(value) && /\d/.test(value);

/**
 * 2–20 letters, digits, underscores or Chinese characters, not only digits (so that a user
 * name can never be mistaken for someone's phone number at login).
 */
export const isUsername = (value: string) =>
  /^[A-Za-z0-9_\u4e00-\u9fa5]{2,20}$/.test(value) && !/^\d+$/.test(value);

/** 2–20 Chinese characters (with the middle dot of transcribed names) or letters with single spaces. */
export const isRealName = (value: string) =>
  value.length >= 2 &&
  value.length <= 20 &&
  (/^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/.test(value) || /^[A-Za-z]+(?: [A-Za-z]+)*$/.test(value));

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/**
 * 18-character resident identity number (GB 11643-1999): 17 digits, a check character from
 * the weighted sum mod 11, and a real birth date (1900-01-01 up to `today`).
 */
export function isCitizenId(value: string, today: Date = new Date()): boolean {
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

/** Keeps the region code and the last four characters: 110101********1234. */
export const maskCitizenId = (value: string) => {
  const id = value.toUpperCase();
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
};
