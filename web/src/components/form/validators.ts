import {
  hasLetterAndDigit,
  isCitizenId,
  isMobile,
  isPassword,
  isRealName,
} from '../../../../common/validators.ts';
import type { MessageRef } from './useForm.ts';

/** Form-rule adapters over the shared validators (common/validators.ts): message key on failure. */
export const mobileRule = (value: unknown): MessageRef | null =>
  isMobile(String(value).trim()) ? null : 'validator.mobile';
export const passwordRule = (value: unknown): MessageRef | null =>
  isPassword(value) ? null : 'validator.password';
export const letterAndDigitRule = (value: unknown): MessageRef | null =>
  hasLetterAndDigit(value) ? null : 'validator.letterAndDigit';
/** The confirmation must equal the field `other` ('请确认两次密码输入一致'). */
export const sameAs =
  (other: string) =>
  (value: unknown, values: Record<string, unknown>): MessageRef | null =>
    value === values[other] ? null : 'validation.passwordMismatch';
/** A real name as the real-name check accepts it (shared rule). */
export const realNameRule = (value: unknown): MessageRef | null =>
  isRealName(String(value).trim()) ? null : 'validator.realName';
/** An 18-character citizen ID number with a valid check character and birth date (§5). */
export const citizenIdRule = (value: unknown): MessageRef | null =>
  isCitizenId(String(value).trim()) ? null : 'validator.citizenId';
