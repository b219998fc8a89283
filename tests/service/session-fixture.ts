import { randomBytes, randomUUID } from 'node:crypto';
import type { TestService } from './harness.ts';

export interface TestSession {
  userId: number;
  account: string;
  accessToken: string;
  sessionId: string;
  /** `{ Authorization: 'Bearer …' }` for supertest's `.set()`. */
  headers: { Authorization: string };
}

let counter = 0;

/**
 * A signed-in shopper without going through the accounts module: a user row, a live
 * refresh-token family and an access token for it (what login would produce).
 */
export async function createSession(
  service: TestService,
  options: { username?: string } = {},
): Promise<TestSession> {
  counter += 1;
  const { ctx } = service;
  const now = ctx.now().toISOString();
  const suffix = `${process.pid % 10_000}${counter}`.padStart(8, '0').slice(-8);
  const username = options.username ?? `fixture${suffix}${randomBytes(2).toString('hex')}`;
  const user = await ctx.db
    .insertInto('users')
    .values({
      username,
      phone: `17${suffix}${Math.floor(Math.random() * 10)}`,
      password_hash: 'fixture-no-login',
      name: username,
      avatar: '',
      gender: '',
      is_real: 0,
      real_name: null,
      id_number_masked: null,
      default_password: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  const far = new Date(ctx.now().getTime() + 30 * 86_400_000).toISOString();
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      user_id: user.id,
      family_id: sessionId,
      token_hash: randomBytes(32).toString('hex'),
      replaced_by_hash: null,
      rotated_at: null,
      revoked_at: null,
      expires_at: far,
      family_expires_at: far,
      created_at: now,
    })
    .execute();
  const accessToken = await ctx.tokens.issue({ userId: user.id, account: username, sessionId });
  return {
    userId: user.id,
    account: username,
    accessToken,
    sessionId,
    headers: { Authorization: `Bearer ${accessToken}` },
  };
}
