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
  const origin = req.headers.origin;
  if (!origin) return true;
  if (origin === publicOrigin) return false;
  return !req.headers.host || origin !== `${req.protocol}://${req.headers.host}`;
}
