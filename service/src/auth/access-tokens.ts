import { randomUUID } from 'node:crypto';
import { KeptUntilExpiry } from '@shop/common/remembered.ts';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_ISSUER = 'shop-service';
export const ACCESS_TOKEN_AUDIENCE = 'shop';
const ACCESS_TOKEN_TYPE = 'at+jwt';
const ALGORITHM = 'HS256';

export interface AccessClaims {
  userId: number;
  account: string;
  /** Refresh-token family (one login); revoking it ends the access token too. */
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/**
 * How many verified tokens are remembered. A session presents the same access token on every call
 * until it is refreshed; past this many the oldest is verified again when it comes back.
 */
const KEPT_TOKENS = 10_000;

/**
 * Short-lived access JWTs; algorithm, issuer, audience and `typ` are pinned on both sides.
 * A token that verified is remembered with its claims until it expires (KeptUntilExpiry).
 */
export function createAccessTokens(secret: string, ttlMs: number, now: () => Date): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new KeptUntilExpiry<AccessClaims>(KEPT_TOKENS);
  return {
    async issue({ userId, account, sessionId }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ acct: account, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: ACCESS_TOKEN_TYPE })
        .setSubject(String(userId))
        .setIssuer(ACCESS_TOKEN_ISSUER)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(new Date(now().getTime() + ttlMs))
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token, now().getTime());
      if (known === 'expired') return { ok: false, reason: 'expired' };
      if (known) return { ok: true, claims: known };
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ACCESS_TOKEN_ISSUER,
          audience: ACCESS_TOKEN_AUDIENCE,
          typ: ACCESS_TOKEN_TYPE,
          currentDate: now(),
        });
        const userId = Number(payload.sub);
        if (
          !Number.isInteger(userId) ||
          typeof payload.acct !== 'string' ||
          typeof payload.sid !== 'string'
        ) {
          return { ok: false, reason: 'invalid' };
        }
        const claims = { userId, account: payload.acct, sessionId: payload.sid };
        if (typeof payload.exp === 'number') verified.set(token, claims, payload.exp);
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
