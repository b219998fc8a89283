/**
 * The GraphQL hot path: POST and GET /graphql answered on the raw Node request, before Express.
 *
 * What a request still goes through, in order: the HTTP cache's front door (http/cache.ts, hits
 * never get here), the body limit (413 as Express answers it), strict JSON parsing (400), the
 * safelist and persisted-query documents (graphql/safelist.ts); then either
 * - the planned path (graphql/planned-operations.ts) for a registered query Apollo has answered
 *   before: the context, the list cost, the compiled execution and the outcome
 *   (graphql/operation-outcome.ts), from what Apollo decided the first time; or
 * - Apollo's own `executeHTTPGraphQLRequest` (what its Express integration calls too) and its whole
 *   pipeline — CSRF prevention, parsing with the token limit, validation with graphql-armor's
 *   rules, the list cost, the per-document cache policy (graphql/cache-policy.ts), the response
 *   cache for sessions, execution, error masking, the outcome — for everything else, including
 *   any planned answer that is not the plain one (it is handed over with its context).
 * The answer gets helmet's headers (recorded once at start-up), the session cookies, compression at
 * 1 KB or more, and is kept by the HTTP cache when its Cache-Control is public.
 *
 * What it skips: Express' router, its request/response prototypes, the JSON body parser and the
 * per-request middleware chain (about a third of the uncached time in a profile). Anything it is
 * not sure of — other methods, other paths, another content type or content encoding, a browser's
 * GET (the playground) — goes to Express unchanged, where the same handlers (safelist, body
 * limit, Apollo) are mounted.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { type ApolloServer, HeaderMap } from '@apollo/server';
import proxyaddr from 'proxy-addr';
import type { HttpCache } from '../http/cache.ts';
import { COMPRESS_THRESHOLD, compress, negotiateEncoding } from '../http/compression.ts';
import type { RecordedHeaders } from '../http/security-headers.ts';
import type { Logger } from '../logging.ts';
import type { RequestContext } from './operation-outcome.ts';
import type { PlannedOperations } from './planned-operations.ts';
import { admitOperation, getRequestOf, NOT_SAFELISTED, type Safelist } from './safelist.ts';

/** What the GraphQL context is built from, whichever route carried the request. */
export interface ContextInput {
  headers: IncomingMessage['headers'];
  /** Whether the client reached the gateway over HTTPS (X-Forwarded-Proto from a trusted proxy). */
  secure: boolean;
  /** The client address the gateway trusts (GATEWAY_TRUST_PROXY). */
  clientAddress: string | undefined;
  /** Where the session's Set-Cookie lines go. */
  appendCookie(cookie: string): void;
}

export interface GraphqlRouteOptions {
  apollo: ApolloServer<RequestContext>;
  context: (input: ContextInput) => Promise<RequestContext>;
  /** Registered queries answered without Apollo's per-request pipeline once planned (off: undefined). */
  planned?: PlannedOperations;
  safelist: Safelist;
  httpCache: HttpCache;
  bodyLimitBytes: number;
  /** Helmet's headers, recorded once (http/security-headers.ts). */
  headers: RecordedHeaders;
  /** Express' compiled `trust proxy` function, so both routes trust the same hops. */
  trust: (address: string, hop: number) => boolean;
  log: Logger;
}

const JSON_TYPE = /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

const errorBody = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });
const TOO_LARGE = errorBody('Request body too large', 'PAYLOAD_TOO_LARGE');
const BAD_REQUEST = errorBody('Bad request', 'BAD_REQUEST');
const INTERNAL = errorBody('Internal server error', 'INTERNAL_SERVER_ERROR');

/**
 * Returns the route: `true` when it took the request (and will answer it), `false` to hand it to
 * Express.
 */
export function graphqlRoute(options: GraphqlRouteOptions) {
  const { apollo, httpCache, safelist, trust, log, planned } = options;
  // Helmet's headers as one object, copied into every answer (a spread of a fixed shape is cheap).
  const fixed: OutgoingHttpHeaders = {};
  for (const [name, value] of options.headers.set) {
    const values = (Array.isArray(value) ? value : [value]).map(String);
    fixed[name.toLowerCase()] = values.length === 1 ? values[0] : values;
  }

  const send = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    headers: Iterable<[string, string]>,
    cookies: string[],
    text: string,
  ) => {
    const out: OutgoingHttpHeaders = { ...fixed };
    for (const [name, value] of headers) out[name] = value;
    out['content-type'] ??= 'application/json; charset=utf-8';
    if (cookies.length > 0) out['set-cookie'] = cookies;
    // Every JSON answer may be compressed, so every one varies on Accept-Encoding.
    out.vary = out.vary ? `${out.vary}, Accept-Encoding` : 'Accept-Encoding';
    const length = Buffer.byteLength(text);
    const encoding = length >= COMPRESS_THRESHOLD ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (!encoding) {
      httpCache.keep(req, status, out, text);
      out['content-length'] = length;
      res.writeHead(status, out);
      // A string body goes out in one write with the head (Node joins them), no Buffer made.
      res.end(text);
      return;
    }
    const body = Buffer.from(text);
    httpCache.keep(req, status, out, body);
    compress(body, encoding, (error, packed) => {
      const chosen = error ? body : packed;
      if (!error) out['content-encoding'] = encoding;
      out['content-length'] = chosen.length;
      res.writeHead(status, out);
      res.end(chosen);
    });
  };
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) =>
    send(req, res, status, [], [], JSON.stringify(body));

  const execute = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    search: string,
    body: unknown,
  ) => {
    const cookies: string[] = [];
    const socket = req.socket;
    const input: ContextInput = {
      headers: req.headers,
      secure: isSecure(req, trust),
      clientAddress: socket.remoteAddress === undefined ? undefined : proxyaddr(req, trust),
      appendCookie: (cookie) => cookies.push(cookie),
    };
    const accept = req.headers.accept;
    const planKey = method === 'POST' ? planned?.keyOf(body) : undefined;
    const match =
      planKey === undefined
        ? undefined
        : planned?.match(planKey, accept, (body as { variables?: unknown }).variables);
    // A context that cannot be built is Apollo's to answer (and to report), as for any request.
    let context = match ? await options.context(input).catch(() => undefined) : undefined;
    if (match && context) {
      const outcome = await planned!.answer(match, context);
      if ('text' in outcome) {
        send(req, res, 200, outcome.headers, cookies, outcome.text);
        return;
      }
      // Apollo answers with the same context (and the result, when resolvers already ran).
      context = Object.assign(context, outcome.handOver);
    }
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method, headers, search, body },
      context: async () => {
        if (context) return context;
        const created = await options.context(input);
        // The planned path learns from this answer (graphql/planned-operations.ts).
        if (planKey !== undefined) created.planKey = planKey;
        return created;
      },
    });
    if (planKey !== undefined && (answer.status ?? 200) === 200 && answer.body.kind === 'complete')
      planned?.learnContentType(accept, answer.headers.get('content-type'));
    if (answer.body.kind === 'complete') {
      send(req, res, answer.status ?? 200, answer.headers, cookies, answer.body.string);
      return;
    }
    // Incremental delivery: streamed as it comes, never compressed or cached.
    const out: OutgoingHttpHeaders = { ...fixed };
    for (const [name, value] of answer.headers) out[name] = value;
    if (cookies.length > 0) out['set-cookie'] = cookies;
    res.writeHead(answer.status ?? 200, out);
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };

  const run = (req: IncomingMessage, res: ServerResponse, method: string, search: string, body: unknown) => {
    execute(req, res, method, search, body).catch((error: unknown) => {
      log.error({ err: error }, 'request failed');
      if (!res.headersSent) refuse(req, res, 500, INTERNAL);
      else res.destroy();
    });
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    if ((q < 0 ? url : url.slice(0, q)) !== '/graphql') return false;
    const search = q < 0 ? '' : url.slice(q);
    if (req.method === 'GET') {
      // A browser's page load may be the playground's (Express serves that).
      if (req.headers.accept?.includes('text/html')) return false;
      const params = new URLSearchParams(search);
      const operation = getRequestOf(params.get('query') ?? undefined, params.get('extensions') ?? undefined);
      if (!admitOperation(safelist, operation)) refuse(req, res, 400, NOT_SAFELISTED);
      else run(req, res, 'GET', search, {});
      return true;
    }
    if (req.method !== 'POST') return false;
    // The HTTP cache's front door may have read (and parsed) the body already.
    const failure = httpCache.failureOf(req);
    if (failure !== undefined) {
      refuse(req, res, 400, BAD_REQUEST);
      return true;
    }
    const read = req as IncomingMessage & { body?: unknown };
    const proceed = (body: unknown) => {
      const operation = (typeof body === 'object' && body !== null ? body : {}) as Parameters<
        typeof admitOperation
      >[1];
      if (!admitOperation(safelist, operation)) refuse(req, res, 400, NOT_SAFELISTED);
      else run(req, res, 'POST', search, body);
    };
    if ('body' in read) {
      proceed(read.body);
      return true;
    }
    const encoding = req.headers['content-encoding'];
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '') || (encoding && encoding !== 'identity'))
      return false;
    readJson(req, options.bodyLimitBytes, (error, body) => {
      if (error === 'too-large') refuse(req, res, 413, TOO_LARGE);
      else if (error) refuse(req, res, 400, BAD_REQUEST);
      else proceed(body);
    });
    return true;
  };
}

/** Express' `req.secure`: the socket's TLS, or X-Forwarded-Proto when the peer is a trusted proxy. */
function isSecure(req: IncomingMessage, trust: (address: string, hop: number) => boolean): boolean {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own === 'https';
  const header = req.headers['x-forwarded-proto'];
  return ((Array.isArray(header) ? header[0] : header) || own).split(',')[0].trim() === 'https';
}

/**
 * Reads a JSON body as express.json does: at most `limit` bytes (declared or counted), strict
 * (an object or array), an empty body is `{}` (Apollo then refuses it itself).
 */
function readJson(
  req: IncomingMessage,
  limit: number,
  done: (error: 'too-large' | 'bad' | null, body?: unknown) => void,
): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    req.resume();
    done('too-large');
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (error: 'too-large' | 'bad' | null, body?: unknown) => {
    if (finished) return;
    finished = true;
    done(error, body);
  };
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      req.removeAllListeners('data');
      req.resume();
      finish('too-large');
      return;
    }
    chunks.push(chunk);
  });
  req.once('error', () => finish('bad'));
  req.once('end', () => {
    if (size === 0) return finish(null, {});
    const raw = (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8');
    const first = raw.trimStart()[0];
    if (first !== '{' && first !== '[') return finish('bad');
    try {
      finish(null, JSON.parse(raw));
    } catch {
      finish('bad');
    }
  });
}
