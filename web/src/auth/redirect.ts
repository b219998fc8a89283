/** Only same-site paths are followed after login ('/cart', never '//evil.example' or 'https://…'). */
export function safeRedirect(value: string | null | undefined, fallback = '/home'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.startsWith('/login')) return fallback;
  return value;
}

/** '/login?redirect=<current place>' */
export function loginPath(place: string): string {
  const target = safeRedirect(place, '');
  return target ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}
