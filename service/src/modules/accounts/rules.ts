/**
 * Format rules of the accounts module. The helper checks of docs/product.md (mobile, password, citizen
 * ID) come from the shared validators so the web app applies exactly the same rules.
 */
import {
  hasLetterAndDigit,
  isCitizenId,
  isMobile,
  isPassword,
  isRealName,
  maskIdNumber,
} from '../../../../common/validators.ts';

export { hasLetterAndDigit, isCitizenId, isMobile, isRealName };
export const isPasswordChars = (value: string) => isPassword(value);
export const maskCitizenId = (value: string) => maskIdNumber(value);

/**
 * 2–20 letters, digits, underscores or Chinese characters, not only digits (so that a user
 * name can never be mistaken for someone's phone number at login).
 */
export const isUsername = (value: string) =>
  /^[A-Za-z0-9_\u4e00-\u9fa5]{2,20}$/.test(value) && !/^\d+$/.test(value);
