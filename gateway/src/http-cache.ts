import type { NextFunction, Request, Response } from 'express';
import type { Logger } from './logging.ts';
import { readSessionCookie } from './session/cookie.ts';

/** A public answer as Apollo sent it, replayed byte for byte until it expires. */
interface Entry {
  body: Buffer;
  contentType: string;
  vary: string | undefined;
  storedAt: number;
  expiresAt: number;
}

const PUBLIC_MAX_AGE = /^max-age=(\d+), public$/;

/**
 * The language part of a cache key: the Accept-Language header itself (normalised), not the
 * gateway's guess of the locale, so two headers the service would answer in different languages
 * can never share an entry.
 */
export function languageKey(acceptLanguage: string | undefined): string {
  return (acceptLanguage ?? '').replace(/\s+/g, '').toLowerCase();
}

/**
 * An HTTP-level cache in front of Apollo for anonymous public queries: a hit is answered straight
 * from memory (no session, context, parsing, validation or execution), which is what makes a
 * popular product page cheap. It stores only what Apollo itself declared shareable — status 200,
 * `Cache-Control: max-age=N, public` (the cache policy of cache.ts: public root fields, SDL hints,
 * the stock bound), no Set-Cookie — for N seconds. Keys hold the request's document, variables,
 * operation name and extensions, the language (answers are localised) and the Accept header
 * (it picks the response media type). Requests with a session (cookie or bearer) always go to
 * Apollo: they may renew a session on the way.
 */
export class HttpCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries: number,
    private readonly log: Logger,
    /** Replayed answers report 0 upstream calls when the gateway exposes the count. */
    private readonly exposeUpstreamCalls: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cache key, or null when this request must reach Apollo. */
  private key(req: Request): string | null {
    if (req.headers.authorization || readSessionCookie(req.headers.cookie)) return null;
    const accept = req.headers.accept ?? '';
    const locale = languageKey(req.headers['accept-language']);
    if (req.method === 'POST') {
      // Apollo's CSRF rule: a JSON body is never a "simple" request.
      if (!req.is('application/json')) return null;
      const body = req.body as Record<string, unknown> | undefined;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
      if (typeof body.query !== 'string' && body.extensions === undefined) return null;
      return JSON.stringify([
        locale,
        accept,
        body.query,
        body.variables,
        body.operationName,
        body.extensions,
      ]);
    }
    if (req.method === 'GET') {
      // A GET passes Apollo's CSRF rule only with a preflight-forcing header; without one Apollo refuses it.
      if (!req.headers['apollo-require-preflight'] && !req.headers['x-apollo-operation-name']) return null;
      const search = req.originalUrl.indexOf('?');
      return search < 0 ? null : JSON.stringify([locale, accept, 'GET', req.originalUrl.slice(search)]);
    }
    return null;
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const key = this.key(req);
      if (key === null) {
        next();
        return;
      }
      const now = this.now();
      const hit = this.entries.get(key);
      if (hit && hit.expiresAt > now) {
        // Least recently used goes first: a hit moves to the back.
        this.entries.delete(key);
        this.entries.set(key, hit);
        const remaining = Math.max(0, Math.ceil((hit.expiresAt - now) / 1000));
        res.statusCode = 200;
        res.setHeader('content-type', hit.contentType);
        res.setHeader('cache-control', `max-age=${remaining}, public`);
        res.setHeader('age', Math.floor((now - hit.storedAt) / 1000));
        if (hit.vary) res.setHeader('vary', hit.vary);
        res.setHeader('content-length', hit.body.length);
        res.end(req.method === 'HEAD' ? undefined : hit.body);
        this.log.debug(
          { operationName: (req.body as { operationName?: string })?.operationName ?? null },
          'http cache hit',
        );
        return;
      }
      if (hit) this.entries.delete(key);
      this.capture(key, res);
      next();
    };
  }

  /** Watches Apollo's answer and keeps it when it is shareable. */
  private capture(key: string, res: Response): void {
    const originalEnd = res.end;
    res.end = ((...args: unknown[]) => {
      res.end = originalEnd;
      const [chunk] = args;
      const match = PUBLIC_MAX_AGE.exec(String(res.getHeader('cache-control') ?? ''));
      if (match && Number(match[1]) > 0 && res.statusCode === 200 && !res.getHeader('set-cookie')) {
        const body = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : null;
        if (body) this.store(key, body, res, Number(match[1]));
      }
      return (originalEnd as (...a: unknown[]) => Response).apply(res, args);
    }) as Response['end'];
  }

  private store(key: string, body: Buffer, res: Response, maxAge: number): void {
    let stored = body;
    if (this.exposeUpstreamCalls) {
      const parsed = JSON.parse(body.toString('utf8')) as { extensions?: Record<string, unknown> };
      parsed.extensions = { ...parsed.extensions, upstreamCalls: 0 };
      stored = Buffer.from(JSON.stringify(parsed));
    }
    const now = this.now();
    this.entries.set(key, {
      body: stored,
      contentType: String(res.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      vary: res.getHeader('vary') === undefined ? undefined : String(res.getHeader('vary')),
      storedAt: now,
      expiresAt: now + maxAge * 1000,
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
