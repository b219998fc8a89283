/**
 * Contract between the infrastructure (upstream client, session, refresh) and the resolvers, which use only
 * `ctx.shop` (shop-client/) for the service and `SessionHandle` (session/handle.ts) for their session.
 */
import type { RestTokenAnswer } from '@shop/common/rest/accounts.ts';
import type { Envelope, MessageType } from '@shop/common/rest/envelope.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface UpstreamCall {
  method: HttpMethod;
  /** Path under the service's /service base, e.g. `/shop/cart/lines`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** A file sent as multipart/form-data (the upload route's field `file`) instead of a JSON body. */
  file?: UpstreamFile;
  /** Send the session's access token (default: true when a session exists). */
  auth?: boolean;
  /** Overrides UPSTREAM_TIMEOUT (20 s) for this call. */
  timeoutMs?: number;
}

/** A file for the service's upload route. */
export interface UpstreamFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A success toast carried to the client in the response `extensions.notices`. */
export interface Notice {
  message: string;
  alterMsg: string;
  type: MessageType;
}

/** What the transport adds to a call: the session's access token, language and client address. */
export interface CallerDetails {
  accessToken?: string;
  locale: string;
  /** The client address the gateway trusts (Express `req.ip`), sent as X-Forwarded-For. */
  clientAddress?: string;
}

/** A REST answer: the status and the envelope when the body was one. */
export interface UpstreamAnswer {
  status: number;
  envelope: Envelope<unknown> | null;
  /** Seconds from the service's Retry-After header (503 answers: database away, login peak). */
  retryAfter?: number;
}

/** Raw transport to the shop service: one implementation on undici, a fake in unit tests. */
export interface UpstreamTransport {
  send(call: UpstreamCall & CallerDetails): Promise<UpstreamAnswer>;
}

/** REST tokens as the service issues them; never sent to a browser. */
export type RestTokens = RestTokenAnswer;
