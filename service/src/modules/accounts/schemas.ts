import {
  loginFields,
  passwordChangeFields,
  passwordsMatch,
  profileFields,
  realNameFields,
  registerFields,
} from '@shop/common/validation/accounts.ts';
import { z } from 'zod';
import { isAvatarAddress } from './avatar.ts';
import { accountMessages as m } from './messages.ts';

/*
 * The form rules are the shared ones (common/validation), the web forms check the same; here
 * they are only made strict (an unknown field is refused) and given the service's own fields.
 */

export const registerSchema = z.strictObject({
  ...registerFields,
  /** Also sign in: the answer carries the tokens (one password hash for sign-up and sign-in). */
  signIn: z.boolean().optional(),
});

export const loginSchema = z.strictObject(loginFields);

export const refreshSchema = z.strictObject({
  refreshToken: z.string().trim().min(1).max(200),
});

export const logoutSchema = z.strictObject({
  refreshToken: z.string().trim().min(1).max(200).optional(),
});

export const passwordChangeSchema = passwordsMatch(z.strictObject(passwordChangeFields));

/** A profile change names only the fields it changes (the avatar is saved on its own). */
export const profileSchema = z.strictObject({
  name: profileFields.name.optional(),
  gender: z.enum(['male', 'female'], { message: m['account.invalidGender'] }).optional(),
  phone: profileFields.phone.optional(),
  avatar: z.string().trim().max(500).refine(isAvatarAddress, m['account.invalidAvatar']).optional(),
});

export const realNameSchema = (today: Date) => z.strictObject(realNameFields(today));
