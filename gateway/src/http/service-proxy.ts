import type { IncomingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { chooseLocale } from '@shop/common/locale.ts';
import type { Logger } from '@shop/common/logging.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { redactSecretPaths } from '@shop/common/telemetry/secret-routes.ts';
import { format } from '@tusbar/cache-control';
import type { Request, RequestHandler, Response } from 'express';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from '../config.ts';
import { isCrossSiteCookieRequest } from '../session/csrf.ts';
import { openSession, type SessionWrite, sendWithRenewal, settleSession } from '../session/edge.ts';
import type { EndedSessions } from '../session/ended.ts';
import type { RefreshFlights } from '../session/refresh.ts';
import type { UndiciTransport } from '../upstream/client.ts';
import { classifyTransportFailure, type Text, texts as upstreamTexts } from '../upstream/errors.ts';
import type { UpstreamCall } from '../upstream/types.ts';
import { dropBody, readBody } from './request-body.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  // The gateway has already read (or is reading) the body; undici refuses the header anyway.
  'expect',
  // Set by the gateway from what it trusts, never copied from the client.
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
  // The trace context is the gateway's own call's (its undici instrumentation sets it): the
  // caller's beside it would be a second header the service cannot read, and start a new trace.
  'traceparent',
  'tracestate',
]);

/** Paths the gateway forwards to the service unchanged (files, static images, the lpay sandbox). */
export const PROXIED_PREFIXES = ['/service/static/', '/service/file/', '/service/pay/lpay/'];

/** Images the service serves elsewhere under /service (e.g. /service/shop/card/image/x.svg). */
const SERVICE_IMAGE = /^\/service\/.+\.(svg|png|jpe?g|gif|webp|avif|ico)$/i;

/**
 * The back office's excel downloads: the service checks the caller's permission, so the gateway signs them
 * with the session like an upload; a plain link (`<a href download>`, GET, nothing changed) works.
 */
export const SIGNED_DOWNLOADS: readonly string[] = [
  routes.excel.importTemplate,
  routes.excel.productExport,
  routes.excel.orderExport,
].map((route) => `/service${route.path}`);
const isSignedDownload = (method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && SIGNED_DOWNLOADS.includes(path);

/** Whether a browser request goes to the service as is (everything else under /service is not exposed). */
export function isProxied(method: string, path: string): boolean {
  if (PROXIED_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  if (isSignedDownload(method, path)) return true;
  return (method === 'GET' || method === 'HEAD') && SERVICE_IMAGE.test(path);
}

/** The upload route: it needs the user, so the gateway signs it with the session it holds. */
const isAuthenticatedUpload = (method: string, path: string) =>
  method === 'POST' && path === `/service${routes.files.upload.path}`;

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Uploads held in memory at once (each at most the upload limit): memory stays bounded. */
const MAX_BUFFERED_UPLOADS = 16;
/** Response header carrying a renewed sealed session to bearer clients (cookie clients get Set-Cookie). */
export const SESSION_TOKEN_HEADER = 'x-session-token';

export interface ProxyOptions {
  config: GatewayConfig;
  /** The pool to the service, and the REST transport for the session's renewals. */
  undici: UndiciTransport;
  log: Logger;
  flights: RefreshFlights;
  /** Where sessions that end here are marked, as GraphQL answers mark them. */
  ended?: EndedSessions;
}

const texts = {
  tooLarge: { 'zh-CN': '上传的文件过大', 'en-GB': 'The uploaded file is too large' },
  busy: { 'zh-CN': '系统繁忙，请稍后再试', 'en-GB': 'The shop is busy, please try again in a moment' },
  crossSite: {
    'zh-CN': '请求来源不被允许，请在本店页面中操作',
    'en-GB': 'This request did not come from the shop’s own pages and was refused',
  },
} satisfies Record<string, Text>;

/** An envelope (docs/architecture.md) answered by the gateway itself, in the caller's language. */
function answer(req: Request, res: Response, status: number, message: string, text: Text): void {
  res
    .status(status)
    .set('cache-control', format({ noStore: true }))
    .json({
      success: false,
      data: null,
      message,
      alterMsg: text[chooseLocale(undefined, req.get('accept-language'))],
      type: 2,
    });
}

/**
 * A refusal before the body was read: the body is read and dropped first (request-body.ts), so a client
 * that reads only once it has sent everything gets the answer; a body too large even for that is cut off.
 */
async function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  text: Text,
): Promise<void> {
  if (!(await dropBody(req))) res.set('connection', 'close');
  answer(req, res, status, message, text);
}

/**
 * Forwards a request to the service over the shared undici pool: method, body, headers, status and Location
 * go through unchanged (redirects are not followed), so the lpay hosted pages and their form POSTs work
 * through the gateway's origin. Every call has one deadline (`timeoutMs`), pool queueing included.
 *
 * Avatar uploads are signed with the caller's session: the sealed cookie or bearer token is opened and its
 * access token sent as `Authorization: Bearer`. The body is read into memory first (bounded by the upload
 * limit and MAX_BUFFERED_UPLOADS) so that after a 401 (an expired access token) the session edge
 * (session/edge.ts, as for GraphQL) can refresh once and replay it.
 */
export function serviceProxy(options: ProxyOptions): RequestHandler {
  const { config, undici } = options;
  const timeoutMs = config.fileTimeoutMs;
  const prefix = undici.basePath.replace(/\/service$/, '');
  let buffering = 0;

  const forward = async (req: Request, headers: Record<string, string>, body?: Request | Buffer) =>
    undici.pool.request({
      method: req.method as 'GET',
      path: `${prefix}${req.originalUrl}`,
      headers,
      // A signed download is a GET: whatever the client sent with it is not the service's business.
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });

  /** The service's answer, read only as fast as the client takes it (or `readBody`, read already). */
  async function relay(
    res: Response,
    upstream: Dispatcher.ResponseData,
    write?: SessionWrite,
    readBody?: Buffer,
  ) {
    res.status(upstream.statusCode);
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
    }
    // The renewed or ended session, as the GraphQL answers carry it (cookie or bearer header).
    for (const cookie of write?.setCookies ?? []) res.append('set-cookie', cookie);
    if (typeof write?.bearerToken === 'string') res.setHeader(SESSION_TOKEN_HEADER, write.bearerToken);
    if (write?.noStore) res.setHeader('cache-control', format({ noStore: true }));
    if (readBody) res.end(readBody);
    else await pipeline(upstream.body, res);
  }

  async function signed(req: Request, res: Response, headers: Record<string, string>) {
    const session = await openSession(req.headers, req.secure, config.session);
    // The seal means nothing to the service; the access token inside it does.
    delete headers.authorization;
    delete headers.cookie;
    if (session.source === 'cookie' && isCrossSiteCookieRequest(req, config.publicOrigin)) {
      // Another site's form (or script) riding on the shopper's cookie: nothing is forwarded.
      return refuse(req, res, 403, 'gateway.crossSiteRequest', texts.crossSite);
    }
    if (!session.current) {
      // No session: the service refuses without reading the body ('请先登录').
      const upstream = await forward(req, headers, req);
      return relay(res, upstream, await settleSession(session, options.ended));
    }
    const limit = config.uploadMaxBytes + MULTIPART_OVERHEAD;
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      return refuse(req, res, 413, 'gateway.uploadTooLarge', texts.tooLarge);
    }
    if (buffering >= MAX_BUFFERED_UPLOADS) {
      res.set('retry-after', '1');
      return refuse(req, res, 503, 'gateway.busy', texts.busy);
    }
    // Counted until the upstream answer is relayed: that is how long the body stays in memory.
    buffering += 1;
    try {
      const { body, ended } = await readBody(req, limit);
      if (!body) {
        if (!ended) res.set('connection', 'close');
        return answer(req, res, 413, 'gateway.uploadTooLarge', texts.tooLarge);
      }
      headers['content-length'] = String(body.length);
      const send = async (accessToken: string | undefined) => {
        const upstream = await forward(req, { ...headers, authorization: `Bearer ${accessToken}` }, body);
        // A refusal is read whole: the call is replayed, or the refusal relayed once the session ended.
        const refused =
          upstream.statusCode === 401 ? Buffer.from(await upstream.body.arrayBuffer()) : undefined;
        return { status: upstream.statusCode, upstream, refused };
      };
      const refresh = (call: UpstreamCall) =>
        undici.send({ ...call, locale: req.get('accept-language') ?? '', clientAddress: req.ip });
      const { answer: sent } = await sendWithRenewal(session, options.flights, send, refresh);
      await relay(res, sent.upstream, await settleSession(session, options.ended), sent.refused);
    } finally {
      buffering -= 1;
    }
  }

  return async (req: Request, res: Response) => {
    const headers = forwardedHeaders(req.headers);
    if (req.ip) headers['x-forwarded-for'] = req.ip;
    headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    try {
      if (isAuthenticatedUpload(req.method, req.path) || isSignedDownload(req.method, req.path)) {
        await signed(req, res, headers);
      } else await relay(res, await forward(req, headers, req));
    } catch (error) {
      options.log.warn({ err: error, path: redactSecretPaths(req.path) }, 'proxy to service failed');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const timeout = classifyTransportFailure(error).reason === 'timeout';
      if (timeout) answer(req, res, 504, 'gateway.upstreamTimeout', upstreamTexts.timeout);
      else answer(req, res, 502, 'gateway.upstreamUnreachable', upstreamTexts.unavailable);
    }
  };
}

function forwardedHeaders(incoming: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
