import { sameSitePath } from '@shop/common/redirect-target.ts';

/**
 * Only same-site paths are followed after login ('/cart', never '//evil.example' or 'https://…'),
 * percent-encoded so that a Location header can carry them (common/redirect-target.ts).
 */
export function safeRedirect(value: string | null | undefined, fallback = '/home'): string {
  const path = sameSitePath(value);
  if (!path || path.startsWith('/login')) return fallback;
  return path;
}

/** '/login?redirect=<current place>', with `&reason=` when the login page should say why. */
export function loginPath(place: string, reason?: 'expired'): string {
  const params = new URLSearchParams();
  const target = safeRedirect(place, '');
  if (target) params.set('redirect', target);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `/login?${query}` : '/login';
}

/**
 * Where the account forms post when no script has taken them over (sent before the scripts
 * loaded, or without JavaScript): the login route's action signs in, registers or signs out.
 */
export const ACCOUNT_ACTION = '/login';
