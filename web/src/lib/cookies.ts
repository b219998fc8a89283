/** Small cookie helpers; the sidebar open/closed state lives in a cookie (SPEC §3, §9). */
export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  return cookieFromHeader(document.cookie, name);
}

export function setCookie(name: string, value: string, maxAgeSeconds = 60 * 60 * 24 * 365): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every supported browser
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  setCookie(name, '', 0);
}

/** The one name of the sidebar cookie ('1' open, '0' closed), read by the browser and the server render. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

/** A cookie's value in a `Cookie` request header (the server render has no `document`). */
export function cookieFromHeader(header: string | null | undefined, name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of (header ?? '').split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

/** Sidebar state: open unless the cookie says '0'. */
export function getSidebarOpened(): boolean {
  return getCookie(SIDEBAR_COOKIE) !== '0';
}

/** The sidebar state a request's `Cookie` header asks for: open unless it says '0'. */
export function sidebarOpenedFromHeader(header: string | null | undefined): boolean {
  return cookieFromHeader(header, SIDEBAR_COOKIE) !== '0';
}

export function setSidebarOpened(opened: boolean): void {
  setCookie(SIDEBAR_COOKIE, opened ? '1' : '0');
}
