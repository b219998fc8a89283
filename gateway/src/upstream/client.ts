import { randomUUID } from 'node:crypto';
import type { Envelope } from '@shop/common/rest/envelope.ts';
import { Pool } from 'undici';
import { classifyTransportFailure, UpstreamTransportError } from './errors.ts';
import type {
  CallerDetails,
  QueryValue,
  UpstreamAnswer,
  UpstreamCall,
  UpstreamFile,
  UpstreamTransport,
} from './types.ts';

/** GET parameters as `name=value`, null and undefined left out (routes type every value as a scalar). */
export function flattenQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value != null) params.append(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The shop service over ONE undici Pool with keep-alive. Timeouts are per call (UPSTREAM_TIMEOUT, 20 s, or
 * the call's `timeoutMs`), counted from when the call is made, the wait for a free connection included. The
 * browser's files go through the service proxy instead (http/service-proxy.ts, UPSTREAM_FILE_TIMEOUT); a file a
 * page's form carried (sent without JavaScript) is a call with `file`, sent as multipart. Never throws for an
 * HTTP status; throws UpstreamTransportError when no answer arrives.
 */
export class UndiciTransport implements UpstreamTransport {
  readonly pool: Pool;
  /** Where the REST paths live: SHOP_SERVICE_URL's path, then `/service`. */
  readonly basePath: string;

  constructor(
    serviceUrl: string,
    readonly options: { timeoutMs: number; connections: number },
  ) {
    const url = new URL(serviceUrl);
    this.basePath = `${url.pathname.replace(/\/$/, '')}/service`;
    this.pool = new Pool(url.origin, {
      connections: options.connections,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connectTimeout: Math.min(options.timeoutMs, 10_000),
    });
  }

  async send(call: UpstreamCall & CallerDetails): Promise<UpstreamAnswer> {
    const timeout = call.timeoutMs ?? this.options.timeoutMs;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.locale) headers['accept-language'] = call.locale;
    if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`;
    if (call.clientAddress) headers['x-forwarded-for'] = call.clientAddress;
    const path = `${this.basePath}${call.path}${flattenQuery(call.query)}`;
    let body: string | Buffer | undefined;
    if (call.file && call.method !== 'GET') {
      const boundary = `----shop${randomUUID().replaceAll('-', '')}`;
      body = multipartFile(boundary, call.file);
      headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
    } else if (call.body !== undefined && call.method !== 'GET') {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    return new Promise<UpstreamAnswer>((resolve, reject) => {
      this.pool.dispatch(
        { method: call.method, path, headers, body, headersTimeout: timeout, bodyTimeout: timeout },
        new AnswerReader(timeout, resolve, reject),
      );
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** One file as a multipart body (field `file`); the name is sent as UTF-8, quotes and line breaks escaped. */
function multipartFile(boundary: string, file: UpstreamFile): Buffer {
  const name = file.name.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : 'application/octet-stream';
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * Reads one JSON answer straight off undici's dispatcher: the status, two headers and the body bytes, without
 * the request API's stream, async resource and abort-signal plumbing, which cost more than the read itself
 * for short answers. The pool's timeouts start only once a connection is free, so a plain timer holds the
 * deadline (a call still queued when it fires is refused at once, cut off on reaching a connection).
 */
class AnswerReader {
  private abort: ((reason?: Error) => void) | null = null;
  private settled = false;
  private status = 0;
  private contentType: string | undefined;
  private retryAfter: string | undefined;
  private readonly chunks: Buffer[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    timeout: number,
    private readonly resolve: (answer: UpstreamAnswer) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.timer = setTimeout(() => this.expire(), timeout);
    this.timer.unref();
  }

  private expire(): void {
    const error = new UpstreamTransportError('timeout', 'TimeoutError');
    this.fail(error);
    this.abort?.(error);
  }

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.reject(classifyTransportFailure(error));
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.settled) abort(new UpstreamTransportError('timeout', 'TimeoutError'));
    else this.abort = abort;
  }

  onHeaders(status: number, rawHeaders: Buffer[]): boolean {
    this.status = status;
    for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
      // Only two names matter; their lengths pick them out before any string is made.
      const length = rawHeaders[i].length;
      if (length !== 12 && length !== 11) continue;
      const name = rawHeaders[i].toString('latin1').toLowerCase();
      if (name === 'content-type') this.contentType = rawHeaders[i + 1].toString('latin1');
      else if (name === 'retry-after') this.retryAfter = rawHeaders[i + 1].toString('latin1');
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    const { chunks } = this;
    const text = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
    const retryAfter = Number(this.retryAfter);
    this.resolve({
      status: this.status,
      envelope: parseEnvelope(text, this.contentType),
      ...(retryAfter > 0 ? { retryAfter } : {}),
    });
  }

  onError(error: Error): void {
    this.fail(error);
  }
}

function parseEnvelope(text: string, contentType: string | string[] | undefined): Envelope<unknown> | null {
  if (!String(contentType ?? '').includes('json') || !text) return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && typeof value.success === 'boolean' ? value : null;
  } catch {
    return null;
  }
}
