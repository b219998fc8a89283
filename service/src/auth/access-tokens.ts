import { randomUUID } from 'node:crypto';
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

/** Short-lived access JWTs; algorithm, issuer, audience and `typ` are pinned on both sides. */
export function createAccessTokens(secret: string, ttlMs: number, now: () => Date): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
        return { ok: true, claims: { userId, account: payload.acct, sessionId: payload.sid } };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
