import { Pool } from 'undici';
import { classifyTransportFailure } from './errors.ts';
import type {
  CallerDetails,
  Envelope,
  QueryValue,
  UpstreamAnswer,
  UpstreamCall,
  UpstreamTransport,
} from './types.ts';

/**
 * Flattens GET parameters the way the service reads them: scalars as `name=value`, arrays as one comma list
 * (`ids=1,2,3`, what /shop/product/batch expects), nested objects as `name[key]=value`.
 * null/undefined are left out.
 */
export function flattenQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  const add = (name: string, value: QueryValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      if (value.length > 0) params.append(name, value.join(','));
      return;
    }
    if (typeof value === 'object') {
      for (const [key, nested] of Object.entries(value)) add(`${name}[${key}]`, nested);
      return;
    }
    params.append(name, String(value));
  };
  for (const [name, value] of Object.entries(query)) add(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface UndiciTransportOptions {
  timeoutMs: number;
  fileTimeoutMs: number;
  connections: number;
}

/** Splits SHOP_SERVICE_URL into the pool's origin and the base path the REST paths live under. */
export function serviceBase(serviceUrl: string): { origin: string; basePath: string } {
  const url = new URL(serviceUrl);
  return { origin: url.origin, basePath: `${url.pathname.replace(/\/$/, '')}/service` };
}

/**
 * The shop service over ONE undici Pool with keep-alive. Timeouts are per call: 20 s by default,
 * 50 s for file calls (callers pass `timeoutMs`), counted from the moment the call is made — time
 * spent waiting for a free connection of the pool included. Never throws for an HTTP status;
 * throws UpstreamTransportError when no answer arrives (down, refused, reset, timed out).
 */
export class UndiciTransport implements UpstreamTransport {
  readonly pool: Pool;
  readonly basePath: string;
  readonly origin: string;

  constructor(
    serviceUrl: string,
    readonly options: UndiciTransportOptions,
  ) {
    const { origin, basePath } = serviceBase(serviceUrl);
    this.origin = origin;
    this.basePath = basePath;
    this.pool = new Pool(origin, {
      connections: options.connections,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connectTimeout: Math.min(options.timeoutMs, 10_000),
    });
  }

  async send(call: UpstreamCall & CallerDetails): Promise<UpstreamAnswer> {
    // 20 s per call, 50 s for file calls (uploads and downloads under /file/).
    const timeout =
      call.timeoutMs ??
      (call.path.startsWith('/file/') ? this.options.fileTimeoutMs : this.options.timeoutMs);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.locale) headers['accept-language'] = call.locale;
    if (call.accessToken) headers.authorization = `Bearer ${call.accessToken}`;
    if (call.clientAddress) headers['x-forwarded-for'] = call.clientAddress;
    const path = `${this.basePath}${call.path}${flattenQuery(call.query)}`;
    let body: string | FormData | undefined;
    if (call.body instanceof FormData) body = call.body;
    else if (call.body !== undefined && call.method !== 'GET') {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    try {
      const res = await this.pool.request({
        method: call.method,
        path,
        headers,
        body: body as Parameters<Pool['request']>[0]['body'],
        headersTimeout: timeout,
        bodyTimeout: timeout,
        // One deadline for the whole call: headers/body timeouts only start once a connection is free.
        signal: AbortSignal.timeout(timeout),
      });
      const text = await res.body.text();
      const retryAfter = Number(res.headers['retry-after']);
      return {
        status: res.statusCode,
        envelope: parseEnvelope(text, res.headers['content-type']),
        ...(retryAfter > 0 ? { retryAfter } : {}),
      };
    } catch (error) {
      throw classifyTransportFailure(error);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
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
