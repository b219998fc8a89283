import { parse, serialize } from 'cookie';

export const SESSION_COOKIE = 'shop_session';

export function readSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  return parse(header)[SESSION_COOKIE] || undefined;
}

/** HttpOnly, SameSite=Lax, Path=/; Secure when the request came over https. */
export function sessionCookie(value: string, options: { secure: boolean; maxAgeMs: number }): string {
  return serialize(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: options.secure,
    maxAge: Math.floor(options.maxAgeMs / 1000),
    ...(options.maxAgeMs === 0 ? { expires: new Date(0) } : {}),
  });
}

/** The cookie that ends the session in the browser (empty, expired). */
export const clearedSessionCookie = (options: { secure: boolean }) =>
  sessionCookie('', { secure: options.secure, maxAgeMs: 0 });
