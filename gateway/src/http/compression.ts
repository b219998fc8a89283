import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

export const COMPRESSIBLE =
  /^(application\/(json|graphql-response\+json|javascript|manifest\+json)|text\/|image\/svg\+xml)/i;

const ENCODINGS: Array<Encoding | 'identity'> = ['br', 'gzip', 'identity'];

/** The best encoding the client accepts, brotli first; null means identity. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  // negotiator 1's second argument (the server's preference among equals) is missing from its types.
  const encoding = negotiator.encoding as (available: string[], options: { preferred: string[] }) => string;
  const chosen = encoding.call(negotiator, ENCODINGS, { preferred: ENCODINGS });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/** Adds a token to `Vary` without repeating it. */
export function addVary(res: ServerResponse, token: string): void {
  const current = res.getHeader('vary');
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === token.toLowerCase())) return;
  res.setHeader('vary', [...list, token].join(', '));
}

/** Compresses one whole answer (brotli quality 4 or gzip 5: dynamic answers, per request). */
export function compress(body: Buffer, encoding: Encoding, done: (error: Error | null, out: Buffer) => void) {
  if (encoding === 'br') {
    zlib.brotliCompress(
      body,
      {
        params: {
          // Quality 4: most of brotli's gain for a fraction of its CPU (dynamic answers, per request).
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      },
      done,
    );
  } else {
    zlib.gzip(body, { level: 5 }, done);
  }
}

function isCompressible(headers: IncomingHttpHeaders | ReturnType<ServerResponse['getHeaders']>): boolean {
  const type = headers['content-type'];
  return typeof type === 'string' && COMPRESSIBLE.test(type);
}

/**
 * Compresses whole answers (GraphQL JSON, HTML, error bodies) of at least `threshold` bytes
 * with the best encoding the client accepts. Only answers written in one `end()` call are
 * compressed (that is how Express' `res.send` and Apollo's single results go out); streamed
 * answers (files, incremental delivery) pass through untouched, so nothing is buffered twice.
 * Files of the web app are compressed at build time instead (see http/web-app.ts).
 */
export function compressAnswers(threshold = COMPRESS_THRESHOLD) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const originalWrite = res.write;
    const originalEnd = res.end;
    let streamed = false;
    res.write = function write(this: Response, ...args: Parameters<Response['write']>) {
      streamed = true;
      res.write = originalWrite;
      res.end = originalEnd;
      return originalWrite.apply(this, args);
    } as Response['write'];
    res.end = function end(this: Response, ...args: unknown[]) {
      res.write = originalWrite;
      res.end = originalEnd;
      const [chunk, encodingArg] = args as [unknown, BufferEncoding | undefined];
      const passThrough = () => (originalEnd as (...a: unknown[]) => Response).apply(this, args);
      if (streamed || res.headersSent || !isCompressible(res.getHeaders())) return passThrough();
      addVary(res, 'Accept-Encoding');
      if (
        !encoding ||
        req.method === 'HEAD' ||
        res.statusCode === 204 ||
        res.statusCode === 304 ||
        res.getHeader('content-encoding') ||
        chunk === undefined ||
        typeof chunk === 'function'
      ) {
        return passThrough();
      }
      const body =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encodingArg === 'string' ? encodingArg : 'utf8')
          : Buffer.isBuffer(chunk)
            ? chunk
            : chunk instanceof Uint8Array
              ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
              : undefined;
      if (!body || body.length < threshold) return passThrough();
      compress(body, encoding, (error, out) => {
        if (error || res.headersSent) {
          (originalEnd as (chunk: Buffer) => Response).call(res, body);
          return;
        }
        res.setHeader('content-encoding', encoding);
        res.setHeader('content-length', out.length);
        // A strong validator of the identity body no longer describes these bytes.
        const etag = res.getHeader('etag');
        if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('etag', `W/${etag}`);
        (originalEnd as (chunk: Buffer) => Response).call(res, out);
      });
      return this;
    } as Response['end'];
    next();
  };
}
