import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'lpay-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` */
export function signPayload(secret: string, rawBody: string | Buffer, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'invalid' | 'stale';

/** Verifies the header in constant time and within ±300 s of `now`. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer | string | undefined,
  now: Date,
): SignatureCheck {
  if (!header || rawBody === undefined) return 'malformed';
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (timestamp === null || candidates.length === 0) return 'malformed';
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = candidates.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  if (!matches) return 'invalid';
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return 'ok';
}
