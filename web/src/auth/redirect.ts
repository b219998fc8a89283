/** Only same-site paths are followed after login ('/cart', never '//evil.example' or 'https://…'). */
export function safeRedirect(value: string | null | undefined, fallback = '/home'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
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
