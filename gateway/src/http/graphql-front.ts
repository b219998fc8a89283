/**
 * The HTTP front of /graphql: node:http straight into Apollo's `executeHTTPGraphQLRequest`, as Apollo's own
 * integrations do, without Express's router and middleware chain on the hottest route. Express's rules apply
 * here once per request: the JSON body parser and its limit (the same 413/400 answers as the app's error
 * handler), the client address and scheme under GATEWAY_TRUST_PROXY (proxy-addr, as Express computes `req.ip`
 * and `req.secure`), helmet's headers and compression. Every Apollo plugin runs inside, as for page renders.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ApolloServer, type BaseContext, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { COMPRESS_FROM, keptCompressions } from '@shop/common/http/compress.ts';
import { addVary, negotiateEncoding } from '@shop/common/http/encoding.ts';
import { setCookieOnce } from '@shop/common/http/set-cookie.ts';
import { wellFormedBytes, wellFormedValue } from '@shop/common/http/well-formed-text.ts';
import express from 'express';
import proxyAddr from 'proxy-addr';
import type { ContextInput } from '../context-builder.ts';
import { arrivalOrigin } from './arrival-origin.ts';

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * A body whose text is not well-formed Unicode (common/http/well-formed-text.ts): bytes that are not text in
 * its charset, or a JSON escape of a lone surrogate. Refused whole, before any operation runs.
 */
const MALFORMED_TEXT = { status: 400, type: 'entity.text.malformed' };

/** body-parser's `verify` hook: it passes the thrown error on with its status and type. */
const verifyText = (_req: unknown, _res: unknown, bytes: Buffer, charset: string | null) => {
  if (!wellFormedBytes(bytes, charset)) throw Object.assign(new Error('malformed text'), MALFORMED_TEXT);
};

/** The answer to a request the gateway could not read (body parser) or failed on. */
export function requestErrorAnswer(error: { status?: number; type?: string }) {
  const status = error.status ?? 500;
  const message =
    error.type === 'entity.too.large'
      ? 'Request body too large'
      : error.type === MALFORMED_TEXT.type
        ? 'Request text is not well-formed Unicode'
        : status < 500
          ? 'Bad request'
          : 'Internal server error';
  return {
    status,
    body: {
      errors: [{ message, extensions: { code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST' } }],
    },
  };
}

/** Whether a request is for the front: the path /graphql (or /graphql/), whatever its query string. */
export const isGraphQLPath = (url: string | undefined): boolean => /^\/graphql\/?(?:\?|$)/.test(url ?? '');

/** A middleware's headers, captured once from a stub (helmet sets no nonce and no per-request directive). */
export function capturedHeaders(middleware: Middleware): Array<[string, string]> {
  const headers = new Map<string, string>();
  const stub = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return stub;
    },
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  // helmet calls `next` before it returns: a failure is thrown out of this call.
  middleware({ headers: {}, method: 'GET', url: '/graphql' } as IncomingMessage, stub as never, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Compressed answers kept, by bytes of text + copy: the catalogue's public answers in both encodings fit. */
const kept = keptCompressions(16 * 1024 * 1024);
/** Compressions done and compressed copies reused since start (read by the tests). */
export const compressionCounts = kept.counts;

const noTransform = (cacheControl: string | number | string[] | undefined) =>
  typeof cacheControl === 'string' && /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl);

/** Writes a whole answer: compressed when it is worth it and the client takes br or gzip. */
async function sendComplete(req: IncomingMessage, res: ServerResponse, status: number, text: string) {
  res.statusCode = status;
  // Encoded only when it goes out as it is: a kept compressed copy needs no encoding of the text.
  let payload: Buffer | undefined;
  if (!noTransform(res.getHeader('cache-control'))) {
    addVary(res, 'Accept-Encoding');
    const encoding =
      Buffer.byteLength(text, 'utf8') >= COMPRESS_FROM &&
      req.method !== 'HEAD' &&
      status !== 204 &&
      status !== 304
        ? negotiateEncoding(req.headers['accept-encoding'])
        : null;
    if (encoding) {
      payload = await kept.compressed(text, encoding);
      res.setHeader('content-encoding', encoding);
    }
  }
  payload ??= Buffer.from(text, 'utf8');
  res.setHeader('content-length', payload.length);
  if (req.method === 'HEAD') res.end();
  else res.end(payload);
}

export interface GraphQLFrontOptions<Context extends BaseContext> {
  apollo: ApolloServer<Context>;
  /** The transport-neutral context builder (server.ts). */
  context: (input: ContextInput) => Promise<Context>;
  /** The largest JSON body (express.json's syntax). */
  bodyLimit: string;
  /** GATEWAY_TRUST_PROXY at every hop (config.trustsProxy). */
  trustsProxy: (address: string, hop: number) => boolean;
  /** Set on every answer, before Apollo's own headers (which win on a clash). */
  headers: Array<[string, string]>;
  /** A failure no answer was written for yet (logged by the caller). */
  onError: (error: unknown) => void;
}

/**
 * Whether a connection's peer is a trusted proxy (GATEWAY_TRUST_PROXY at hop 0), asked once per connection:
 * the rule parses the address each time, and a keep-alive connection from the balancer carries thousands.
 */
const trustedPeers = new WeakMap<Socket, boolean>();
function peerTrusted(req: IncomingMessage, trusts: (address: string, hop: number) => boolean): boolean {
  let trusted = trustedPeers.get(req.socket);
  if (trusted === undefined) {
    trusted = trusts(req.socket.remoteAddress ?? '', 0);
    trustedPeers.set(req.socket, trusted);
  }
  return trusted;
}

/** The client's address and scheme as Express computes `req.ip` and `req.protocol`. */
function clientOf(
  req: IncomingMessage,
  trusts: (address: string, hop: number) => boolean,
): { ip: string | undefined; secure: boolean } {
  const direct = (req.socket as { encrypted?: boolean }).encrypted === true;
  if (!peerTrusted(req, trusts)) return { ip: req.socket.remoteAddress, secure: direct };
  // The first hop's, as Express reads it.
  const proto = String(req.headers['x-forwarded-proto'] ?? '')
    .split(',', 1)[0]
    .trim();
  return {
    ip: req.headers['x-forwarded-for'] === undefined ? req.socket.remoteAddress : proxyAddr(req, trusts),
    secure: proto === '' ? direct : proto === 'https',
  };
}

export function graphqlFront<Context extends BaseContext>(
  options: GraphQLFrontOptions<Context>,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { apollo, trustsProxy, headers: fixedHeaders } = options;
  // express.json is body-parser: the same media types, charsets, inflation, strictness and limit.
  const parseJson = express.json({ limit: options.bodyLimit, verify: verifyText }) as unknown as Middleware;

  const fail = (req: IncomingMessage, res: ServerResponse, error: { status?: number; type?: string }) => {
    if ((error.status ?? 500) >= 500) options.onError(error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const answer = requestErrorAnswer(error);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    void sendComplete(req, res, answer.status, JSON.stringify(answer.body)).catch(() => res.destroy());
  };

  async function execute(req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<void> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = req.url ?? '/graphql';
    const query = url.indexOf('?');
    const httpGraphQLRequest: HTTPGraphQLRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      headers,
      search: query === -1 ? '' : url.slice(query),
      // Apollo wants a body even when no JSON arrived (its CSRF check refuses those).
      body: req.body === undefined ? {} : req.body,
    };
    const client = clientOf(req, trustsProxy);
    const input: ContextInput = {
      headers: req.headers,
      ...client,
      origin: arrivalOrigin(req, client.secure),
      appendCookie: cookiesOf(res),
    };
    const answer = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest, context: contextOf(input) });
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    const status = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      await sendComplete(req, res, status, answer.body.string);
      return;
    }
    // Incremental delivery: each part goes out as it comes, uncompressed, so none waits on a buffer.
    addVary(res, 'Accept-Encoding');
    res.statusCode = status;
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  }

  // Per-request closures take no name: under tsx (keepNames) a named one costs a property definition each.
  const cookiesOf = (res: ServerResponse) => (cookie: string) => setCookieOnce(res, cookie);
  const contextOf = (input: ContextInput) => () => options.context(input);
  const afterBody = (req: IncomingMessage, res: ServerResponse) => (error?: unknown) => {
    if (error) return fail(req, res, error as { status?: number; type?: string });
    if (!wellFormedValue((req as { body?: unknown }).body)) return fail(req, res, MALFORMED_TEXT);
    execute(req, res).catch((failure: unknown) => fail(req, res, failure as { status?: number }));
  };
  return (req, res) => {
    for (const [name, value] of fixedHeaders) res.setHeader(name, value);
    parseJson(req, res, afterBody(req, res));
  };
}
