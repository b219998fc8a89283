/**
 * Contract between the gateway's infrastructure (upstream client, session, refresh) and the
 * resolvers, which reach the service only through the context's `shop` client (shop-client/) and
 * its session only through `SessionHandle`.
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
  /** Send the session's access token (default: true when a session exists). */
  auth?: boolean;
  /** Overrides UPSTREAM_TIMEOUT (20 s) for this call. */
  timeoutMs?: number;
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

/** How a client keeps its session: an HttpOnly cookie (browsers) or a bearer token (mobile). */
export type SessionTransport = 'cookie' | 'bearer';

/** The browser or mobile session of one GraphQL request. */
export interface SessionHandle {
  readonly isAuthenticated: boolean;
  readonly defaultPassword: boolean;
  /**
   * Seals the tokens: into the HttpOnly cookie for `cookie` clients (returns null, so no script
   * ever sees the seal) or as the returned bearer token for `bearer` clients. Without a
   * transport the request's own one is kept (a bearer request stays bearer).
   */
  establish(tokens: RestTokens, transport?: SessionTransport): Promise<string | null>;
  /** The current refresh token, for logout. */
  readonly refreshToken: string | undefined;
  /** Clears the cookie. */
  clear(): void;
}
