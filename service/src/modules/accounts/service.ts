import type { RestTokenAnswer, RestUser } from '@shop/common/rest/index.ts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';
import type { UserTable } from '../../db/types.ts';
import { ADMIN_ACCOUNT, type AuthUser } from '../../http/auth.ts';
import { ApiError, refuse, tooManyRequests, unauthorized } from '../../http/envelope.ts';
import { cartQuantity } from '../cart/service.ts';
import { assertOwnAvatar } from './avatar.ts';
import { hashQueueBusy, hashQueueOf } from './hash-queue.ts';
import { accountMessages as m } from './messages.ts';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import {
  familyOfToken,
  type IssuedRefresh,
  revokeFamily,
  revokeOtherFamilies,
  rotate,
  startFamily,
} from './refresh-tokens.ts';
import type { loginSchema, passwordChangeSchema, profileSchema, registerSchema } from './schemas.ts';
import {
  attemptSucceeded,
  claimAttempt,
  isOverLimit,
  limitedByPending,
  recordFailure,
  releaseAttempt,
  settleAttempt,
  type ThrottleRule,
  throttleKey,
} from './throttle.ts';

/** Login, register with signIn, refresh (common/rest/). */
export type TokenAnswer = RestTokenAnswer;

/** The REST shopper (common/rest/) plus the session's default-password flag. */
export interface UserDetail extends RestUser {
  defaultPassword: boolean;
}

type UserRow = Pick<
  UserTable,
  'username' | 'name' | 'avatar' | 'phone' | 'gender' | 'is_real' | 'default_password'
> & { id: number; cart_quantity: number | null };

export const toDetail = (user: UserRow): UserDetail => ({
  id: user.id,
  account: user.username,
  name: user.name,
  avatar: user.avatar,
  phone: user.phone,
  gender: user.gender,
  isReal: user.is_real === 1,
  isAdmin: user.username === ADMIN_ACCOUNT,
  cartQuantity: Number(user.cart_quantity ?? 0),
  defaultPassword: user.default_password === 1,
});

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    /^SQLITE_CONSTRAINT/.test(e?.code ?? '') ||
    /UNIQUE constraint/i.test(e?.message ?? '')
  );
}

const findByUsername = (ctx: AppContext, username: string) =>
  ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();

const findByPhone = (ctx: AppContext, phone: string) =>
  ctx.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();

/** Why a user name / phone cannot be used, checked again when the insert races another one. */
async function conflictOf(ctx: AppContext, username: string | null, phone: string | null, selfId?: number) {
  if (username) {
    const other = await findByUsername(ctx, username);
    if (other && other.id !== selfId) return m['account.usernameTaken'];
  }
  if (phone) {
    const other = await findByPhone(ctx, phone);
    if (other && other.id !== selfId) return m['account.phoneTaken'];
  }
  return null;
}

/** Per-account rule of logins and password changes (LOGIN_MAX_FAILURES per LOGIN_WINDOW). */
const accountRule = (ctx: AppContext): ThrottleRule => ({
  max: ctx.config.loginMaxFailures,
  windowMs: ctx.config.loginWindowMs,
});

/**
 * Registration as the REST route offers it: counted per client address
 * (REGISTER_MAX_PER_ADDRESS per REGISTER_WINDOW, every attempt that passes validation, so the
 * "already registered" answers cannot be used to enumerate phone numbers at speed either).
 */
export async function registerFrom(
  ctx: AppContext,
  input: z.output<typeof registerSchema>,
  address: string | undefined,
): Promise<{ id: number } & Partial<TokenAnswer>> {
  const claim = await claimAttempt(ctx, throttleKey.registration(address), {
    max: ctx.config.registerMaxPerAddress,
    windowMs: ctx.config.registerWindowMs,
  });
  if (claim === null) throw tooManyRequests();
  try {
    return await register(ctx, input);
  } catch (error) {
    // A full hash queue spent nothing: the attempt does not count.
    if (error instanceof ApiError && error.status === 503) await releaseAttempt(ctx, claim);
    throw error;
  }
}

/**
 * Creates a shopper. The password hash (a full scrypt) waits in the bounded queue behind
 * logins. With `signIn` the answer also carries the tokens of a new login, so signing up and
 * in costs one hash, not two.
 */
export async function register(
  ctx: AppContext,
  input: z.output<typeof registerSchema>,
): Promise<{ id: number } & Partial<TokenAnswer>> {
  const conflict = await conflictOf(ctx, input.username, input.phone);
  if (conflict) throw refuse(conflict);
  const passwordHash = await hashQueueOf(ctx).run('new', () =>
    hashPassword(input.password, ctx.config.passwordHashCost),
  );
  const now = iso(ctx.now());
  let id: number;
  try {
    const row = await ctx.db
      .insertInto('users')
      .values({
        username: input.username,
        phone: input.phone,
        password_hash: passwordHash,
        name: input.username,
        avatar: '',
        gender: '',
        is_real: 0,
        default_password: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw refuse((await conflictOf(ctx, input.username, input.phone)) ?? m['account.usernameTaken']);
  }
  if (!input.signIn) return { id };
  return { id, ...(await tokensFor(ctx, await startFamily(ctx, id))) };
}

async function tokensFor(ctx: AppContext, issued: IssuedRefresh): Promise<TokenAnswer> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'default_password'])
    .where('id', '=', issued.userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  const accessToken = await ctx.tokens.issue({
    userId: user.id,
    account: user.username,
    sessionId: issued.familyId,
  });
  return { accessToken, refreshToken: issued.refreshToken, defaultPassword: user.default_password === 1 };
}

/**
 * Login by user name (case-insensitive) or phone. Unknown account and wrong password give
 * the same answer after the same work. Throttling (docs/security.md):
 * - per account, whatever identifier names it: the attempt is claimed before the check, so at
 *   most LOGIN_MAX_FAILURES guesses (parallel ones included) are checked per window; over it
 *   even the right password is refused until the window passes;
 * - per client address: only completed failures count. Over LOGIN_ADDRESS_MAX_FAILURES a wrong
 *   password answers 429 and the address's checks wait behind everyone else's, but a correct
 *   password of an account that is not locked still succeeds: a shared address (NAT) never
 *   locks out its other users.
 */
export async function login(
  ctx: AppContext,
  input: z.output<typeof loginSchema>,
  address: string | undefined,
): Promise<TokenAnswer> {
  hashQueueOf(ctx).assertRoom('login');
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', input.account.toLowerCase()),
        eb('phone', '=', input.account),
      ]),
    )
    .executeTakeFirst();
  const accountKey = user ? throttleKey.account(user.id) : throttleKey.unknownAccount(input.account);
  const addressKey = throttleKey.address(address);
  const addressRule = { max: ctx.config.loginAddressMaxFailures, windowMs: ctx.config.loginWindowMs };
  const claim = await claimOrRefuse(ctx, accountKey);
  const suspect = await isOverLimit(ctx, addressKey, addressRule);
  let valid: boolean;
  try {
    valid = await hashQueueOf(ctx).run(suspect ? 'suspect' : 'login', () =>
      user
        ? verifyPassword(input.password, user.password_hash)
        : verifyAgainstDecoy(input.password, ctx.config.passwordHashCost),
    );
  } catch (error) {
    await releaseAttempt(ctx, claim);
    throw error;
  } finally {
    settleAttempt(ctx, claim);
  }
  if (!user || !valid) {
    // The account's claim stays: it is the recorded failure.
    await recordFailure(ctx, addressKey, addressRule);
    if (suspect) throw tooManyRequests();
    throw refuse(m['account.badCredentials']);
  }
  await attemptSucceeded(ctx, accountKey, claim);
  if (needsRehash(user.password_hash, ctx.config.passwordHashCost)) {
    await upgradeHash(ctx, user, input.password);
  }
  return tokensFor(ctx, await startFamily(ctx, user.id));
}

/**
 * Claims one password check of an account: 429 when completed failures reached the limit, 503
 * busy with Retry-After when only checks still running fill it (a burst of correct logins).
 */
async function claimOrRefuse(ctx: AppContext, accountKey: string): Promise<number> {
  const claim = await claimAttempt(ctx, accountKey, accountRule(ctx));
  if (claim !== null) return claim;
  if (await limitedByPending(ctx, accountKey, accountRule(ctx))) {
    throw hashQueueBusy(hashQueueOf(ctx).averageHashMs / 1000);
  }
  throw tooManyRequests();
}

/** Rehashes with the current parameters; skipped (not failed) when the hash queue is full. */
async function upgradeHash(ctx: AppContext, user: { id: number; password_hash: string }, password: string) {
  let upgraded: string;
  try {
    upgraded = await hashQueueOf(ctx).run('new', () => hashPassword(password, ctx.config.passwordHashCost));
  } catch {
    return;
  }
  await ctx.db
    .updateTable('users')
    .set({ password_hash: upgraded })
    .where('id', '=', user.id)
    .where('password_hash', '=', user.password_hash)
    .execute();
}

export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenAnswer> {
  return tokensFor(ctx, await rotate(ctx, refreshToken));
}

/** Ends the login the refresh token belongs to (if it is the caller's) and the current one. */
export async function logout(
  ctx: AppContext,
  user: AuthUser,
  refreshToken: string | undefined,
): Promise<void> {
  const family = refreshToken ? await familyOfToken(ctx, refreshToken, user.id) : null;
  await ctx.db.transaction().execute(async (trx) => {
    if (family && family !== user.sessionId) await revokeFamily(ctx, family, trx);
    await revokeFamily(ctx, user.sessionId, trx);
  });
}

const detailColumns = [
  'id',
  'username',
  'name',
  'avatar',
  'phone',
  'gender',
  'is_real',
  'default_password',
] as const;

export async function detail(ctx: AppContext, userId: number): Promise<UserDetail> {
  const user = await ctx.db
    .selectFrom('users')
    .select(detailColumns)
    // The cart's count rides along in the same statement: a page's header shows it beside the name.
    .select((eb) => cartQuantity(ctx.db, eb.ref('users.id')).as('cart_quantity'))
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  return toDetail(user);
}

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof profileSchema>,
): Promise<UserDetail> {
  if (input.avatar !== undefined) {
    await assertOwnAvatar(ctx, userId, input.avatar, (await detail(ctx, userId)).avatar ?? '');
  }
  if (input.phone) {
    const conflict = await conflictOf(ctx, null, input.phone, userId);
    if (conflict) throw refuse(conflict);
  }
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) {
    try {
      await ctx.db
        .updateTable('users')
        .set({ ...changes, updated_at: iso(ctx.now()) })
        .where('id', '=', userId)
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw refuse(m['account.phoneTaken']);
    }
  }
  return detail(ctx, userId);
}

/**
 * Changes the password (compare-and-set on the old hash), clears the default-password flag
 * and ends every other login of the user; the current one stays signed in. Wrong old passwords
 * count against the account exactly like failed logins (one counter: a stolen session cannot
 * add its own guesses to the login's).
 */
export async function changePassword(
  ctx: AppContext,
  user: AuthUser,
  input: z.output<typeof passwordChangeSchema>,
): Promise<void> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', user.id)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  const accountKey = throttleKey.account(user.id);
  const claim = await claimOrRefuse(ctx, accountKey);
  let valid: boolean;
  try {
    valid = await hashQueueOf(ctx).run('login', () => verifyPassword(input.oldPassword, row.password_hash));
  } catch (error) {
    await releaseAttempt(ctx, claim);
    throw error;
  } finally {
    settleAttempt(ctx, claim);
  }
  if (!valid) throw refuse(m['account.wrongOldPassword']);
  await attemptSucceeded(ctx, accountKey, claim);
  if (input.newPassword === input.oldPassword) throw refuse(m['account.samePassword']);
  const newHash = await hashQueueOf(ctx).run('new', () =>
    hashPassword(input.newPassword, ctx.config.passwordHashCost),
  );
  const changed = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ password_hash: newHash, default_password: 0, updated_at: iso(ctx.now()) })
      .where('id', '=', user.id)
      .where('password_hash', '=', row.password_hash)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await revokeOtherFamilies(ctx, user.id, user.sessionId, trx);
    return true;
  });
  if (!changed) throw refuse(m['account.wrongOldPassword']);
}
