import type { Request } from 'express';

/**
 * Headers a cross-site HTML form cannot send (a browser asks the server first, and the gateway
 * answers no CORS preflight): their presence proves the request was made by script on an allowed
 * page or by a non-browser client. The same ones Apollo's CSRF prevention accepts on /graphql.
 */
const PREFLIGHTED_HEADERS = ['apollo-require-preflight', 'x-apollo-operation-name', 'x-requested-with'];

/**
 * The CSRF rule for routes a browser authenticates with the session cookie (the GraphQL endpoint
 * applies Apollo's equivalent): a state-changing request carrying the cookie must come from an
 * allowed origin — the public origin or the origin the request itself was sent to — or carry a
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
 * The CSRF rule for the pages' own forms (a POST to a page route, sent without JavaScript): the
 * browser says where the form was (`Origin`, or `Referer` when a browser leaves Origin out), and it
 * must be this site: the public origin or the origin the request was sent to. A form on another
 * site, or a request that says nothing, is refused, signed in or not (a cross-site login is as
 * unwelcome as a cross-site purchase).
 */
export function isSameOriginForm(req: Request, publicOrigin: string): boolean {
  const from =
    req.headers.origin !== undefined ? originOf(req.headers.origin) : originOf(req.headers.referer);
  return isOwnOrigin(req, from, publicOrigin);
}
