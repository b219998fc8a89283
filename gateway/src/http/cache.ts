import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logging.ts';
import { readSessionCookie } from '../session/cookie.ts';
import { COMPRESS_THRESHOLD, type Encoding, negotiateEncoding } from './compression.ts';

/** A public answer as the gateway sent it (identity bytes and headers), replayed until it expires. */
interface Entry {
  body: Buffer;
  /** The headers as sent; flattened into `headers` by the first hit (most entries are never hit). */
  sent: OutgoingHttpHeaders;
  /** The replayed headers as one flat [name, value, …] list, built once by the first hit. */
  headers?: string[];
  /** Compressed once, on the first hit that asks for it. */
  encoded: Partial<Record<Encoding, Buffer>>;
  storedAt: number;
  expiresAt: number;
}

const PUBLIC_MAX_AGE = /^max-age=(\d+), public$/;
/** Cacheable queries are short; longer bodies take the ordinary path (and its body limit). */
const MAX_KEYED_BODY = 16 * 1024;
/** Headers that describe one transfer, not the answer. */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-encoding',
  'date',
  'connection',
  'set-cookie',
  'etag',
  'age',
  'cache-control',
  'vary',
]);

/**
 * The language part of a cache key: the Accept-Language header itself (normalised), not the
 * gateway's guess of the locale, so two headers the service would answer in different languages
 * can never share an entry.
 */
export function languageKey(acceptLanguage: string | undefined): string {
  return (acceptLanguage ?? '').replace(/\s+/g, '').toLowerCase();
}

/** '100kb' → 102400 (Express' body-limit syntax, the units the gateway uses). */
export function limitBytes(limit: string, otherwise = MAX_KEYED_BODY): number {
  const match = /^(\d+)\s*(b|kb|mb)?$/i.exec(limit.trim());
  if (!match) return otherwise;
  const unit = { b: 1, kb: 1024, mb: 1024 * 1024 }[(match[2] ?? 'b').toLowerCase() as 'b'];
  return Number(match[1]) * unit;
}

const badJson = (message: string) =>
  Object.assign(new SyntaxError(message), { status: 400, type: 'entity.parse.failed' });

/**
 * An HTTP-level cache in front of everything else for anonymous public queries: a hit is answered
 * from memory before helmet, body parsing, session, context, parsing, validation or execution
 * (its headers, helmet's included, are replayed as first sent; compressed variants are made once).
 * It stores only answers the GraphQL route declared shareable — status 200, `Cache-Control:
 * max-age=N, public` (graphql/cache-policy.ts: public root fields, SDL hints, the stock bound), no
 * Set-Cookie — for N seconds.
 * Keys: the raw request body (POST) or query string (GET), the Accept-Language header (answers are
 * localised) and Accept (it picks the media type). Requests with a session (cookie or bearer)
 * always go through: they may renew a session on the way.
 *
 * Three parts: `front` (on the raw Node request, before Express) answers hits and, on a miss, hands
 * the body it read to the app as `req.body`; `resume` (the app's first middleware) refuses a body
 * it could not parse; `capture` (mounted just before Apollo) keeps the answer.
 */
export class HttpCache {
  /** At most `maxEntries`, least recently used first out; freshness is each answer's own max-age. */
  private readonly entries: LRUCache<string, Entry>;
  private readonly keys = new WeakMap<IncomingMessage, string>();
  private readonly failures = new WeakMap<IncomingMessage, unknown>();
  private readonly maxBody: number;

  constructor(
    private readonly options: {
      maxEntries: number;
      bodyLimit: string;
      log: Logger;
      /** Replayed answers report 0 upstream calls when the gateway exposes the count. */
      exposeUpstreamCalls: boolean;
      now?: () => number;
    },
  ) {
    this.maxBody = Math.min(MAX_KEYED_BODY, limitBytes(options.bodyLimit));
    // With no entries allowed the front door never keys a request; the store still needs a bound.
    this.entries = new LRUCache<string, Entry>({ max: Math.max(1, options.maxEntries) });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private static prefix(req: IncomingMessage): string {
    return `${languageKey(req.headers['accept-language'])}\n${req.headers.accept ?? ''}\n`;
  }

  /** Whether this request may be answered from (and stored into) the cache at all. */
  private static eligible(req: IncomingMessage, path: string): boolean {
    if (path !== '/graphql') return false;
    if (req.headers.authorization || readSessionCookie(req.headers.cookie)) return false;
    if (req.method === 'GET') {
      // Apollo's CSRF rule: a GET passes only with a header that forces a preflight.
      return Boolean(req.headers['apollo-require-preflight'] || req.headers['x-apollo-operation-name']);
    }
    // A JSON body is never a "simple" (CSRF-able) request.
    return req.method === 'POST' && /^application\/json\b/i.test(req.headers['content-type'] ?? '');
  }

  /**
   * The front door: runs on the raw Node request before Express (a hit costs no router, helmet or
   * body-parser work at all); `next` hands everything else to the Express app.
   */
  front(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const url = req.url ?? '/';
    const search = url.indexOf('?');
    if (this.options.maxEntries <= 0 || !HttpCache.eligible(req, search < 0 ? url : url.slice(0, search))) {
      next();
      return;
    }
    if (req.method === 'GET') {
      if (search < 0) {
        next();
        return;
      }
      const key = `${HttpCache.prefix(req)}GET ${url.slice(search)}`;
      if (!this.answer(key, req, res)) {
        this.keys.set(req, key);
        next();
      }
      return;
    }
    const length = Number(req.headers['content-length']);
    if (!Number.isInteger(length) || length <= 0 || length > this.maxBody) {
      next();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('error', (error) => {
      this.failures.set(req, error);
      next();
    });
    req.once('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const key = `${HttpCache.prefix(req)}POST ${raw}`;
      if (this.answer(key, req, res)) return;
      // A miss: the body goes on parsed, as express.json would have left it (it skips a read request).
      try {
        const trimmed = raw.trimStart();
        if (!trimmed.startsWith('{') && !trimmed.startsWith('['))
          throw badJson('JSON body must be an object');
        (req as IncomingMessage & { body?: unknown }).body = JSON.parse(raw);
      } catch (error) {
        // Refused by Express' error handler, as express.json would have done (see `resume`).
        this.failures.set(
          req,
          (error as { status?: number }).status ? error : badJson((error as Error).message),
        );
      }
      this.keys.set(req, key);
      next();
    });
  }

  /** Serves a fresh entry; false when there is none. */
  private answer(key: string, req: IncomingMessage, res: ServerResponse): boolean {
    const hit = this.entries.get(key);
    if (!hit) return false;
    const now = this.now();
    if (hit.expiresAt <= now) {
      this.entries.delete(key);
      return false;
    }
    if (hit.headers === undefined) this.prepare(hit);
    const compressible = hit.body.length >= COMPRESS_THRESHOLD;
    const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : null;
    let body = hit.body;
    if (encoding) {
      hit.encoded[encoding] ??=
        encoding === 'br'
          ? zlib.brotliCompressSync(hit.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
          : zlib.gzipSync(hit.body, { level: 6 });
      body = hit.encoded[encoding];
    }
    const headers = [
      ...hit.headers!,
      'cache-control',
      `max-age=${Math.max(1, Math.ceil((hit.expiresAt - now) / 1000))}, public`,
      'age',
      String(Math.floor((now - hit.storedAt) / 1000)),
      'content-length',
      String(body.length),
    ];
    if (encoding) headers.push('content-encoding', encoding);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  /** First Express middleware: a body the front door could not read or parse is refused there. */
  resume() {
    return (req: Request, _res: Response, next: NextFunction): void => {
      next(this.failures.get(req));
    };
  }

  capture() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const key = this.keys.get(req as IncomingMessage);
      if (key !== undefined) this.watch(key, res);
      next();
    };
  }

  /** Watches the answer (identity bytes: this wrapper is outside the compression one) and keeps it when shareable. */
  private watch(key: string, res: Response): void {
    const originalEnd = res.end;
    res.end = ((...args: unknown[]) => {
      res.end = originalEnd;
      const [chunk] = args;
      const body = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : null;
      if (body) this.keepShareable(key, res.statusCode, res.getHeaders(), body);
      return (originalEnd as (...a: unknown[]) => Response).apply(res, args);
    }) as Response['end'];
  }

  /** What the front door could not read or parse of this request's body (undefined: nothing failed). */
  failureOf(req: IncomingMessage): unknown {
    return this.failures.get(req);
  }

  /**
   * For a handler that writes its answer itself (graphql/route.ts): keeps the answer to a request
   * the front door keyed, when it is shareable. `body` is the identity (uncompressed) body;
   * `headers` is kept as it is (only transfer headers such as content-length may change later).
   */
  keep(req: IncomingMessage, status: number, headers: OutgoingHttpHeaders, body: Buffer | string): void {
    const key = this.keys.get(req);
    if (key !== undefined) this.keepShareable(key, status, headers, body);
  }

  private keepShareable(
    key: string,
    status: number,
    headers: OutgoingHttpHeaders,
    body: Buffer | string,
  ): void {
    const match = PUBLIC_MAX_AGE.exec(String(headers['cache-control'] ?? ''));
    if (match && Number(match[1]) > 0 && status === 200 && !headers['set-cookie'])
      this.store(key, typeof body === 'string' ? Buffer.from(body) : body, headers, Number(match[1]));
  }

  /**
   * Stores an answer as it is: a miss only records the body and the headers object it was sent
   * with (handed over, not copied); flattening them for replay waits for the first hit.
   */
  private store(key: string, body: Buffer, sent: OutgoingHttpHeaders, maxAge: number): void {
    const now = this.now();
    this.entries.set(key, { body, sent, encoded: {}, storedAt: now, expiresAt: now + maxAge * 1000 });
  }

  /** Readies an entry for its first replay: the flat header list (and the test-only call count). */
  private prepare(entry: Entry): void {
    if (this.options.exposeUpstreamCalls) {
      const parsed = JSON.parse(entry.body.toString('utf8')) as { extensions?: Record<string, unknown> };
      parsed.extensions = { ...parsed.extensions, upstreamCalls: 0 };
      entry.body = Buffer.from(JSON.stringify(parsed));
    }
    const { sent } = entry;
    const headers: string[] = [];
    for (const [name, value] of Object.entries(sent)) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
    }
    // What the answer varies on, as sent (Accept-Language) plus the encoding when it may be compressed.
    const vary = String(sent.vary ?? '')
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    const lower = vary.map((token) => token.toLowerCase());
    if (entry.body.length >= COMPRESS_THRESHOLD && !lower.includes('*') && !lower.includes('accept-encoding'))
      vary.push('Accept-Encoding');
    if (vary.length > 0) headers.push('vary', vary.join(', '));
    entry.headers = headers;
  }
}
