import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';

/**
 * Failed-login throttling per account and per client address. Failures live in the
 * `login_failures` table so that every instance of the service sees the same counts.
 * The account key is built from what was typed, whether or not such an account exists,
 * so the answers never reveal which accounts exist.
 */
export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(account: string, address: string | undefined): ThrottleKeys {
  return {
    account: `account:${account.trim().toLowerCase()}`,
    address: `ip:${address ?? 'unknown'}`,
  };
}

const windowStart = (ctx: AppContext) => iso(new Date(ctx.now().getTime() - ctx.config.loginWindowMs));

/**
 * Claims one attempt before the password is checked: the attempt is recorded first and the
 * counts read afterwards, so parallel requests cannot all slip past the limit while their
 * (slow) password checks run — the k-th concurrent attempt sees at least k. Returns the ids of
 * the recorded rows, or null (and records nothing) when either key is over the limit.
 */
export async function claimAttempt(ctx: AppContext, keys: ThrottleKeys): Promise<number[] | null> {
  const since = windowStart(ctx);
  await ctx.db
    .deleteFrom('login_failures')
    .where('throttle_key', 'in', [keys.account, keys.address])
    .where('at', '<=', since)
    .execute();
  const at = iso(ctx.now());
  const inserted = await ctx.db
    .insertInto('login_failures')
    .values([
      { throttle_key: keys.account, at },
      { throttle_key: keys.address, at },
    ])
    .returning('id')
    .execute();
  const ids = inserted.map((row) => row.id);
  const counts = await ctx.db
    .selectFrom('login_failures')
    .select((eb) => ['throttle_key', eb.fn.countAll<number>().as('attempts')])
    .where('throttle_key', 'in', [keys.account, keys.address])
    .where('at', '>', since)
    .groupBy('throttle_key')
    .execute();
  if (counts.some((row) => Number(row.attempts) > ctx.config.loginMaxFailures)) {
    await releaseAttempt(ctx, ids);
    return null;
  }
  return ids;
}

/** Forgets a claimed attempt (it was refused before any password check). */
export async function releaseAttempt(ctx: AppContext, ids: number[]): Promise<void> {
  if (ids.length) await ctx.db.deleteFrom('login_failures').where('id', 'in', ids).execute();
}

/**
 * A successful login: its own claim is dropped and the account's failures are cleared
 * (the address keeps its count).
 */
export async function loginSucceeded(ctx: AppContext, keys: ThrottleKeys, ids: number[]): Promise<void> {
  await ctx.db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('id', 'in', ids), eb('throttle_key', '=', keys.account)]))
    .execute();
}
