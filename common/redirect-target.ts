/**
 * Where a redirect may send a browser when the address came from input (a form's `redirect`
 * field, a query parameter): a path of this site, written as a Location header can carry it.
 * Shared by the web app's server actions and the gateway, which both build Locations.
 */

/** A base no address of ours shares: what resolves against it to another origin left the site. */
const BASE = 'http://same-site.invalid';

/**
 * Bytes a Location cannot carry (CR and LF split the header, NUL ends it), and those a browser
 * drops or rewrites when it reads an address: tab and newline are removed (`/\t/evil` becomes
 * `//evil`) and a backslash reads as a slash (`/\evil` is `//evil`).
 */
const UNSAFE = /[\p{Cc}\\]/u;
const CONTROL = /\p{Cc}/u;

/** The text with its percent-escapes decoded, or null when an escape is malformed. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * `value` as a same-site path (`/category/search-result?keyword=%E6%89%8B%E6%9C%BA`): non-ASCII
 * percent-encoded as UTF-8, the path normalised as a browser would (`/a/../b` is `/b`). Null for
 * anything else: another origin (`https://…`, `//evil`), control characters or backslashes, raw
 * or percent-encoded (`%0d%0a`, `/%2F%2Fevil`, `/%5Cevil`), or malformed escapes.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = decoded(url.pathname);
  const rest = decoded(url.search + url.hash);
  if (path === null || rest === null) return null;
  // Nor once decoded, as a server or proxy that decodes before it resolves would read it (an
  // escaped backslash in the query is a search for one, and harmless there).
  if (path.startsWith('//') || UNSAFE.test(path) || CONTROL.test(rest)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
