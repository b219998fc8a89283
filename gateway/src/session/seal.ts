import { KeptUntilExpiry } from '@shop/common/remembered.ts';
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

/**
 * How many opened seals are remembered per key. A client presents the same seal on every request
 * until its session is renewed; past this many the oldest is decrypted again when it comes back.
 */
const KEPT_SEALS = 10_000;
const openedByKey = new WeakMap<Uint8Array, KeptUntilExpiry<RestTokens>>();

/**
 * Opens a sealed session; anything tampered, foreign (other key), malformed or expired → null. A seal that
 * opened is remembered until it expires (decrypting costs a tenth of a signed-in request's CPU); whether its
 * session is still open the service decides on every call.
 */
export async function openSession(sealed: string, key: Uint8Array): Promise<RestTokens | null> {
  if (!sealed || sealed.length > 8192) return null;
  let opened = openedByKey.get(key);
  if (!opened) {
    opened = new KeptUntilExpiry<RestTokens>(KEPT_SEALS);
    openedByKey.set(key, opened);
  }
  const known = opened.get(sealed, Date.now());
  if (known) return known === 'expired' ? null : known;
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { at, rt, dp } = payload as { at?: unknown; rt?: unknown; dp?: unknown };
    if (typeof at !== 'string' || typeof rt !== 'string') return null;
    const tokens = Object.freeze({ accessToken: at, refreshToken: rt, defaultPassword: dp === true });
    if (typeof payload.exp === 'number') opened.set(sealed, tokens, payload.exp);
    return tokens;
  } catch {
    return null;
  }
}
