import { EncryptJWT, jwtDecrypt } from 'jose';
import type { RestTokens } from '../upstream/types.ts';

const ISSUER = 'shop-gateway';
const AUDIENCE = 'shop-session';

/**
 * Seals the REST tokens into an opaque JWE (dir + A256GCM) under the gateway's session key. The
 * same value is the browser cookie and the mobile bearer token; only the gateway can open it.
 */
export async function sealSession(tokens: RestTokens, key: Uint8Array, ttlMs: number, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({ at: tokens.accessToken, rt: tokens.refreshToken, dp: tokens.defaultPassword })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', typ: 'shop-session' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + Math.ceil(ttlMs / 1000))
    .encrypt(key);
}

/** Opens a sealed session; anything tampered, foreign (other key), malformed or expired → null. */
export async function openSession(sealed: string, key: Uint8Array): Promise<RestTokens | null> {
  if (!sealed || sealed.length > 8192) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { at, rt, dp } = payload as { at?: unknown; rt?: unknown; dp?: unknown };
    if (typeof at !== 'string' || typeof rt !== 'string') return null;
    return { accessToken: at, refreshToken: rt, defaultPassword: dp === true };
  } catch {
    return null;
  }
}
