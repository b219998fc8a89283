/**
 * The account forms' rules (docs/product.md "Validation"): sign-in, registration, password
 * change, profile and real name. The service parses its requests with them, the web forms
 * validate with them; a tier may add its own strictness on top (unknown keys, a sign-in flag)
 * but never a rule of its own.
 */
import { z } from 'zod';
import {
  hasLetterAndDigit,
  isCitizenId,
  isMobile,
  isPassword,
  isRealName,
  isUsername,
  normalizeMobile,
} from '../validators.ts';
import { requiredText, textField } from './fields.ts';
import { ruleMessage } from './message.ts';

/** A mobile number as the shop keeps it, once `normalizeMobile` has taken what people paste around it. */
const isPastedMobile = (value: string) => isMobile(normalizeMobile(value));

/**
 * A mainland mobile number, as pasted ('+86 139 1111 0002', '139-1111-0002') or typed; the
 * parsed value is the 11 digits. `refusal` is the key of the form's message for a wrong one.
 */
export const mobileField = (
  refusal: 'account.invalidPhone' | 'address.invalidPhone' = 'account.invalidPhone',
) => requiredText(20, [[isPastedMobile, refusal]]).transform(normalizeMobile);

/** A user name as given, or a phone number as pasted written as stored (a user name is never one). */
const accountName = (value: string) => (isPastedMobile(value) ? normalizeMobile(value) : value);

/** A password to be checked against the stored one: only required (spaces are part of it). */
export const givenPassword = () => textField({ max: 100, raw: true });

/** A new password: 6–20 letters, digits or ! . _ -, with at least one letter and one digit. */
export const newPassword = () =>
  textField({
    max: 20,
    raw: true,
    checks: [
      [isPassword, 'account.invalidPassword'],
      [hasLetterAndDigit, 'account.passwordNeedsLetterAndDigit'],
    ],
  });

/** Sign-in: the user name or phone (trimmed) and the password. */
export const loginFields = {
  account: requiredText(50).transform(accountName),
  password: givenPassword(),
};

export const registerFields = {
  username: requiredText(20, [[isUsername, 'account.invalidUsername']]),
  password: newPassword(),
  phone: mobileField(),
};

export const passwordChangeFields = {
  oldPassword: givenPassword(),
  newPassword: newPassword(),
  confirmPassword: givenPassword(),
};

/**
 * The confirmation must equal the new password ('请确认两次密码输入一致'), said at the
 * confirmation as soon as it is given, whatever the other fields say.
 */
export const passwordsMatch = <S extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(
  schema: S,
) =>
  schema.refine((input) => input.newPassword === input.confirmPassword, {
    path: ['confirmPassword'],
    message: ruleMessage('account.passwordMismatch'),
    when: ({ value, issues }) => {
      const input = value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof input?.newPassword === 'string' &&
        typeof input.confirmPassword === 'string' &&
        input.confirmPassword !== '' &&
        !issues.some((issue) => issue.path?.[0] === 'confirmPassword')
      );
    },
  });

/** The editable profile: display name and phone (gender and avatar are chosen, not typed). */
export const profileFields = {
  name: requiredText(20),
  phone: mobileField(),
};

/** Real-name verification: a real name and a citizen ID number born by `today`. */
export const realNameFields = (today: Date = new Date()) => ({
  realName: requiredText(20, [[isRealName, 'account.invalidRealName']]),
  idNumber: requiredText(18, [[(value) => isCitizenId(value, today), 'account.invalidIdNumber']]),
});

export const loginSchema = z.object(loginFields);
export const registerSchema = z.object(registerFields);
export const passwordChangeSchema = passwordsMatch(z.object(passwordChangeFields));
export const profileSchema = z.object(profileFields);
export const realNameSchema = (today?: Date) => z.object(realNameFields(today));
