// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A login peak on this machine: 50 parallel correct logins of one account through the gateway,
 * with a real scrypt cost and an upstream deadline a full queue would outlast. Every login either
 * succeeds or is told to retry (UPSTREAM_UNAVAILABLE with retryAfter, from the service's 503 +
 * Retry-After) — none runs into the gateway's timeout — and none is counted as a failure: no
 * failure rows remain for the account or the address, and the account logs in afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const UPSTREAM_TIMEOUT_MS = 8_000;

describe('login peak: 50 parallel correct logins', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({
      serviceEnv: {
        // A real cost (several ms to a second a hash on busy cores), two hashes at once as in production.
        PASSWORD_HASH_COST: '15',
        PASSWORD_HASH_CONCURRENCY: '2',
        PASSWORD_HASH_QUEUE: '64',
        PASSWORD_HASH_BUDGET: `${Math.round(UPSTREAM_TIMEOUT_MS / 3)}ms`,
        LOGIN_MAX_FAILURES: '10',
      },
      gatewayEnv: { UPSTREAM_TIMEOUT: `${UPSTREAM_TIMEOUT_MS}ms` },
    });
    // The seeded demo password was hashed at the suite's cheap cost: store one at the cost above.
    const { hashPassword } = await import('../../service/src/modules/accounts/passwords.ts');
    await h.service.ctx.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('demo123', 15) })
      .where('username', '=', 'demo')
      .execute();
  });
  afterAll(() => h.close());

  it('each one succeeds or is told to retry, never times out, and none counts as a failure', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const res = await h.gql<any>(LOGIN, { input: { account: 'demo', password: 'demo123' } });
        return { res };
      }),
    );
    const succeeded = answers.filter(({ res }) => res.data?.login && !res.errors);
    const retry = answers.filter(({ res }) => res.errors?.[0]?.extensions?.code === 'UPSTREAM_UNAVAILABLE');
    expect(succeeded.length).toBeGreaterThan(0);
    expect(succeeded.length + retry.length).toBe(50);
    // Told to retry by the service (account.busy), never the gateway's own timeout text.
    for (const { res } of retry) {
      expect(res.errors?.[0].extensions).toMatchObject({
        messageKey: 'account.busy',
        status: 503,
        retryAfter: expect.any(Number),
      });
      expect(res.errors?.[0]?.extensions?.retryAfter).toBeGreaterThanOrEqual(1);
    }
    const failures = await h.service.ctx.db.selectFrom('login_failures').select('throttle_key').execute();
    expect(failures).toEqual([]);
    const after = await h.gql<any>(LOGIN, { input: { account: 'demo', password: 'demo123' } });
    expect(after.errors).toBeUndefined();
    expect(after.data.login).toBeTruthy();
  }, 60_000);
});
