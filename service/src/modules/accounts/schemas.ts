import { z } from 'zod';
import { text } from '../../http/validate.ts';
import { isAvatarAddress } from './avatar.ts';
import { accountMessages as m } from './messages.ts';
import {
  hasLetterAndDigit,
  isCitizenId,
  isMobile,
  isPasswordChars,
  isRealName,
  isUsername,
} from './rules.ts';

/** A new password: SPEC §5 rules (6–20 of letters, digits, ! . _ -; a letter and a digit). */
const newPassword = () =>
  z
    .string()
    .min(1)
    .max(20)
    .refine(isPasswordChars, m['account.invalidPassword'])
    .refine(hasLetterAndDigit, m['account.passwordNeedsLetterAndDigit']);

/** A password being checked against a stored hash: only required and bounded. */
const givenPassword = () => z.string().min(1).max(100);

const mobile = () => z.string().trim().min(1).max(20).refine(isMobile, m['account.invalidPhone']);

export const registerSchema = z.strictObject({
  username: z.string().trim().min(1).max(20).refine(isUsername, m['account.invalidUsername']),
  password: newPassword(),
  phone: mobile(),
  /** Also sign in: the answer carries the tokens (one password hash for sign-up and sign-in). */
  signIn: z.boolean().optional(),
});

export const loginSchema = z.strictObject({
  account: z.string().trim().min(1).max(50),
  password: givenPassword(),
});

export const refreshSchema = z.strictObject({
  refreshToken: z.string().trim().min(1).max(200),
});

export const logoutSchema = z.strictObject({
  refreshToken: z.string().trim().min(1).max(200).optional(),
});

export const passwordChangeSchema = z
  .strictObject({
    oldPassword: givenPassword(),
    newPassword: newPassword(),
    confirmPassword: z.string().min(1).max(100),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: m['account.passwordMismatch'],
    path: ['confirmPassword'],
  });

export const profileSchema = z.strictObject({
  name: text(20).optional(),
  gender: z.enum(['male', 'female'], { message: m['account.invalidGender'] }).optional(),
  phone: mobile().optional(),
  avatar: z.string().trim().max(500).refine(isAvatarAddress, m['account.invalidAvatar']).optional(),
});

export const realNameSchema = (today: Date) =>
  z.strictObject({
    realName: z.string().trim().min(1).max(20).refine(isRealName, m['account.invalidRealName']),
    idNumber: z
      .string()
      .trim()
      .min(1)
      .max(18)
      .refine((value) => isCitizenId(value, today), m['account.invalidIdNumber']),
  });
