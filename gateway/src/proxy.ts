import type { Request, RequestHandler, Response } from 'express';
import type { Pool } from 'undici';
import type { Logger } from './logging.ts';

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
]);

/** Paths the gateway forwards to the service unchanged (files, static images, the lpay sandbox). */
export const PROXIED_PREFIXES = ['/service/static/', '/service/file/', '/service/pay/lpay/'];

/** Images the service serves elsewhere under /service (e.g. /service/shop/card/image/x.svg). */
const SERVICE_IMAGE = /^\/service\/.+\.(svg|png|jpe?g|gif|webp|avif|ico)$/i;

/** Whether a browser request goes to the service as is (everything else under /service is not exposed). */
export function isProxied(method: string, path: string): boolean {
  if (PROXIED_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  return (method === 'GET' || method === 'HEAD') && SERVICE_IMAGE.test(path);
}

/**
 * Streams a request to the service over the shared undici pool: method, body, headers, status
 * and Location go through unchanged (redirects are not followed), so the lpay hosted pages and
 * their form POSTs work through the gateway's origin.
 */
export function serviceProxy(options: {
  pool: Pool;
  basePath: string;
  timeoutMs: number;
  log: Logger;
}): RequestHandler {
  const prefix = options.basePath.replace(/\/service$/, '');
  return async (req: Request, res: Response) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    headers['x-forwarded-proto'] = req.protocol;
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    const hasBody = !['GET', 'HEAD'].includes(req.method);
    try {
      const upstream = await options.pool.request({
        method: req.method as 'GET',
        path: `${prefix}${req.originalUrl}`,
        headers,
        body: hasBody ? req : undefined,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
      });
      res.status(upstream.statusCode);
      for (const [name, value] of Object.entries(upstream.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        res.setHeader(name, value);
      }
      for await (const chunk of upstream.body) res.write(chunk);
      res.end();
    } catch (error) {
      options.log.warn({ err: error, path: req.originalUrl }, 'proxy to service failed');
      if (!res.headersSent) {
        res.status(502).json({
          success: false,
          data: null,
          message: 'gateway.upstreamUnreachable',
          alterMsg: '服务暂时不可用，请稍后再试',
          type: 2,
        });
      } else {
        res.destroy();
      }
    }
  };
}
