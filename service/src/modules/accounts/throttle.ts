import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';

/**
 * Attempt counting for the login, password-change and registration throttles. Rows live in the
 * `login_failures` table so every instance of the service sees the same counts. Keys:
 * - `account:<user id>`: failed logins and wrong old passwords of one account, whatever
 *   identifier (user name or phone) named it;
 * - `name:<identifier>`: failed logins naming no account, counted per identifier exactly like
 *   an account, so the answers never reveal whether an account exists;
 * - `ip:<address>`: failed logins from one client address;
 * - `register:<address>`: registrations from one client address.
 */
export const throttleKey = {
  account: (userId: number) => `account:${userId}`,
  unknownAccount: (identifier: string) => `name:${identifier.trim().toLowerCase()}`,
  address: (address: string | undefined) => `ip:${address ?? 'unknown'}`,
  registration: (address: string | undefined) => `register:${address ?? 'unknown'}`,
};

export interface ThrottleRule {
  max: number;
  windowMs: number;
}

/**
 * Claims of this process whose password check is still running. A claim counts against the limit
 * from the start (so parallel guesses cannot slip past it), but a limit reached only because of
 * checks still in flight says "busy, retry", never "too many failures": a burst of correct logins
 * to one account must not look like an attack on it.
 */
const pendingClaims = new WeakMap<AppContext, Set<number>>();
function pendingOf(ctx: AppContext): Set<number> {
  let pending = pendingClaims.get(ctx);
  if (!pending) {
    pending = new Set();
    pendingClaims.set(ctx, pending);
  }
  return pending;
}

const windowStart = (ctx: AppContext, rule: ThrottleRule) =>
  iso(new Date(ctx.now().getTime() - rule.windowMs));

async function countSince(ctx: AppContext, key: string, since: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('attempts'))
    .where('throttle_key', '=', key)
    .where('at', '>', since)
    .executeTakeFirst();
  return Number(row?.attempts ?? 0);
}

/**
 * Claims one attempt before the (slow) password work: the row is written first and the count
 * read afterwards, so parallel attempts cannot all slip past the limit — the k-th concurrent
 * one sees at least k. Returns the row id (it stays as the recorded failure unless the attempt
 * succeeds), or null, recording nothing, when the key is already at its limit.
 */
export async function claimAttempt(ctx: AppContext, key: string, rule: ThrottleRule): Promise<number | null> {
  const since = windowStart(ctx, rule);
  await forgetExpired(ctx, key, since);
  const row = await ctx.db
    .insertInto('login_failures')
    .values({ throttle_key: key, at: iso(ctx.now()) })
    .returning('id')
    .executeTakeFirstOrThrow();
  pendingOf(ctx).add(row.id);
  if ((await countSince(ctx, key, since)) > rule.max) {
    await releaseAttempt(ctx, row.id);
    return null;
  }
  return row.id;
}

/** The claim's check is decided (it stays as a failure, or was released or succeeded). */
export function settleAttempt(ctx: AppContext, id: number): void {
  pendingOf(ctx).delete(id);
}

/**
 * After a refused claim: true when `key` is at its limit only because of this process's checks
 * still in flight (answer "busy, retry"), false when completed failures reach it (answer 429).
 */
export async function limitedByPending(ctx: AppContext, key: string, rule: ThrottleRule): Promise<boolean> {
  const pending = [...pendingOf(ctx)];
  if (pending.length === 0) return false;
  const row = await ctx.db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('attempts'))
    .where('throttle_key', '=', key)
    .where('at', '>', windowStart(ctx, rule))
    .where('id', 'not in', pending)
    .executeTakeFirst();
  return Number(row?.attempts ?? 0) < rule.max;
}

/** Forgets a claimed attempt that never got to the password work (e.g. the hash queue was full). */
export async function releaseAttempt(ctx: AppContext, id: number): Promise<void> {
  settleAttempt(ctx, id);
  await ctx.db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Records one completed failure under `key` (the address counter counts failures only). */
export async function recordFailure(ctx: AppContext, key: string, rule: ThrottleRule): Promise<void> {
  await forgetExpired(ctx, key, windowStart(ctx, rule));
  await ctx.db
    .insertInto('login_failures')
    .values({ throttle_key: key, at: iso(ctx.now()) })
    .execute();
}

/** Rows of `key` older than the window count for nothing any more: dropped whenever the key is used. */
async function forgetExpired(ctx: AppContext, key: string, since: string): Promise<void> {
  await ctx.db
    .deleteFrom('login_failures')
    .where('throttle_key', '=', key)
    .where('at', '<=', since)
    .execute();
}

/** Whether `key` has reached `rule.max` failures in the window. */
export async function isOverLimit(ctx: AppContext, key: string, rule: ThrottleRule): Promise<boolean> {
  return (await countSince(ctx, key, windowStart(ctx, rule))) >= rule.max;
}

/**
 * A success: the claim and every failure recorded before it are forgotten. Attempts claimed
 * after it (still in flight) keep their rows, so a correct password cannot wipe out guesses
 * that are being checked at the same moment.
 */
export async function attemptSucceeded(ctx: AppContext, key: string, claimId: number): Promise<void> {
  settleAttempt(ctx, claimId);
  await ctx.db
    .deleteFrom('login_failures')
    .where('throttle_key', '=', key)
    .where('id', '<=', claimId)
    .execute();
}
