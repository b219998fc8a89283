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

/** True when either key has reached the failure limit within the window. */
export async function isThrottled(ctx: AppContext, keys: ThrottleKeys): Promise<boolean> {
  const rows = await ctx.db
    .selectFrom('login_failures')
    .select((eb) => ['throttle_key', eb.fn.countAll<number>().as('failures')])
    .where('throttle_key', 'in', [keys.account, keys.address])
    .where('at', '>', windowStart(ctx))
    .groupBy('throttle_key')
    .execute();
  return rows.some((row) => Number(row.failures) >= ctx.config.loginMaxFailures);
}

/** Records one failed attempt against both keys and drops their entries older than the window. */
export async function recordFailure(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  const at = iso(ctx.now());
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('login_failures')
      .where('throttle_key', 'in', [keys.account, keys.address])
      .where('at', '<=', windowStart(ctx))
      .execute();
    await trx
      .insertInto('login_failures')
      .values([
        { throttle_key: keys.account, at },
        { throttle_key: keys.address, at },
      ])
      .execute();
  });
}

/** A successful login clears the account's failures (the address keeps its count). */
export async function clearAccountFailures(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await ctx.db.deleteFrom('login_failures').where('throttle_key', '=', keys.account).execute();
}
