import { randomBytes } from 'node:crypto';
import { startFamily } from '../../service/src/modules/accounts/refresh-tokens.ts';
import { register } from '../../service/src/modules/accounts/service.ts';
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
 * A signed-in shopper without the HTTP login (no password check, no throttling): the accounts
 * module's own registration, a new token family and an access token for it.
 */
export async function createSession(
  service: TestService,
  options: { username?: string } = {},
): Promise<TestSession> {
  counter += 1;
  const { ctx } = service;
  const suffix = `${process.pid % 10_000}${counter}`.padStart(8, '0').slice(-8);
  const username = options.username ?? `fixture${suffix}${randomBytes(2).toString('hex')}`;
  const phone = `17${suffix}${Math.floor(Math.random() * 10)}`;
  const { id: userId } = await register(ctx, { username, phone, password: 'fixture123' });
  const { familyId: sessionId } = await startFamily(ctx, userId);
  const accessToken = await ctx.tokens.issue({ userId, account: username, sessionId });
  return {
    userId,
    account: username,
    accessToken,
    sessionId,
    headers: { Authorization: `Bearer ${accessToken}` },
  };
}
