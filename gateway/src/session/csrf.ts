import type { Request } from 'express';

/**
 * Headers a cross-site form cannot send (they need a CORS preflight; the gateway answers none): they prove a
 * script on an allowed page or a non-browser client. Apollo's CSRF prevention on /graphql accepts the same.
 */
const PREFLIGHTED_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name', 'x-requested-with'];

/**
 * The CSRF rule for routes a browser authenticates with the session cookie (Apollo's equivalent guards
 * /graphql): a state-changing request carrying the cookie must come from this site (isOwnOrigin) or carry a
 * header a form cannot send. Bearer clients are not exposed (a browser never adds the header).
 */
export function isCrossSiteCookieRequest(req: Request, publicOrigin: string): boolean {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return false;
  if (/^Bearer\s/i.test(req.headers.authorization ?? '')) return false;
  if (PREFLIGHTED_HEADERS.some((name) => req.headers[name] !== undefined)) return false;
  return !isOwnOrigin(req, req.headers.origin, publicOrigin);
}

/** The public origin, or the origin the request itself was sent to. */
function isOwnOrigin(req: Request, origin: string | null | undefined, publicOrigin: string): boolean {
  if (!origin) return false;
  return (
    origin === publicOrigin ||
    (Boolean(req.headers.host) && origin === `${req.protocol}://${req.headers.host}`)
  );
}

/** The origin of a URL header value, or null when it is not a URL. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The CSRF rule for the pages' own forms (POSTs sent without JavaScript): `Origin`, or `Referer` when the
 * browser omits Origin, must be this site (isOwnOrigin). Another site's form, or a request naming neither, is
 * refused, signed in or not: a cross-site login is as unwelcome as a cross-site purchase.
 */
export function isSameOriginForm(req: Request, publicOrigin: string): boolean {
  const from =
    req.headers.origin !== undefined ? originOf(req.headers.origin) : originOf(req.headers.referer);
  return isOwnOrigin(req, from, publicOrigin);
}
