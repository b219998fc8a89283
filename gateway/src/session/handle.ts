import { createHash } from 'node:crypto';
import type { RestTokens } from '../upstream/types.ts';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from './cookie.ts';
import { openSession, sealSession } from './seal.ts';

/** How a client keeps its session: an HttpOnly cookie (browsers) or a bearer token (mobile). */
export type SessionTransport = 'cookie' | 'bearer';
export type SessionSource = SessionTransport | 'none';

/** The browser or mobile session of one GraphQL request, as resolvers see it. */
export type SessionHandle = Pick<
  RequestSession,
  'isAuthenticated' | 'vouched' | 'defaultPassword' | 'establish' | 'refreshToken' | 'clear'
>;

export interface SessionOptions {
  key: Uint8Array;
  ttlMs: number;
  /** Mark the cookie Secure whatever the last hop was (PUBLIC_ORIGIN is https). */
  secureCookies?: boolean;
}

/**
 * The session of one GraphQL request (docs/architecture.md, "The session model"): opened from the
 * `shop_session` cookie or a bearer token, renewed by the upstream, written on the answer by `outcome()`.
 */
export class RequestSession {
  private tokens: RestTokens | undefined;
  private sealed: string | undefined;
  private state: 'unchanged' | 'renewed' | 'cleared' = 'unchanged';
  /** A session was presented but could not be opened (tampered, foreign key, expired). */
  readonly rejected: boolean;
  /** The cache key of the login the request came with: the one marked when the session ends. */
  readonly openedCacheKey: string | null;

  private constructor(
    private readonly options: SessionOptions,
    private sourceOfRequest: SessionSource,
    tokens: RestTokens | undefined,
    presented: boolean,
    private readonly secure: boolean,
  ) {
    this.tokens = tokens;
    this.rejected = presented && !tokens;
    this.openedCacheKey = cacheKeyOf(tokens);
  }

  /** Bearer wins over the cookie: a mobile client never relies on cookies. */
  static async fromRequest(
    headers: { authorization?: string; cookie?: string },
    requestSecure: boolean,
    options: SessionOptions,
  ): Promise<RequestSession> {
    const secure = requestSecure || options.secureCookies === true;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    const sealed = bearer || readSessionCookie(headers.cookie);
    if (!sealed) return new RequestSession(options, 'none', undefined, false, secure);
    const tokens = (await openSession(sealed, options.key)) ?? undefined;
    return new RequestSession(options, bearer ? 'bearer' : 'cookie', tokens, true, secure);
  }

  /** Where the session came from, or where an established one goes. */
  get source(): SessionSource {
    return this.sourceOfRequest;
  }

  get isAuthenticated(): boolean {
    return Boolean(this.tokens);
  }

  /** The session was ended during this request (a logout, or a renewal the service refused). */
  get ended(): boolean {
    return this.state === 'cleared';
  }

  /**
   * The service issued or renewed the tokens during this request, so they are live. A seal merely opened
   * proves nothing more than that the gateway once sealed it: a logout or a password change elsewhere
   * revokes its login at the service, not in the seal.
   */
  get vouched(): boolean {
    return this.state === 'renewed';
  }

  get defaultPassword(): boolean {
    return this.tokens?.defaultPassword ?? false;
  }

  /** The current refresh token, for logout. */
  get refreshToken(): string | undefined {
    return this.tokens?.refreshToken;
  }

  /** The current REST tokens (upstream use only; never sent to a browser). */
  get current(): RestTokens | undefined {
    return this.tokens;
  }

  /**
   * Seals the tokens: into the HttpOnly cookie for `cookie` clients (returns null: no script ever sees the
   * seal), as the returned token for `bearer` ones. Without `transport` the request's own is kept.
   */
  async establish(tokens: RestTokens, transport?: SessionTransport): Promise<string | null> {
    if (transport) this.sourceOfRequest = transport;
    this.tokens = tokens;
    this.state = 'renewed';
    this.sealed = await sealSession(tokens, this.options.key, this.options.ttlMs);
    return this.sourceOfRequest === 'bearer' ? this.sealed : null;
  }

  /** Swaps in refreshed tokens; the renewed seal goes back on the response. */
  renew(tokens: RestTokens): void {
    this.tokens = tokens;
    this.state = 'renewed';
    this.sealed = undefined;
  }

  /** Ends the session: the cookie is cleared, a bearer client is told. */
  clear(): void {
    this.tokens = undefined;
    this.sealed = undefined;
    this.state = 'cleared';
  }

  /**
   * What the answer carries about the session: Set-Cookie lines (browsers) or the renewed seal (bearer; null
   * once ended), and `noStore` if either, as no cache may keep an answer that renews or ends a session.
   */
  async outcome(): Promise<{ setCookies: string[]; bearerToken?: string | null; noStore: boolean }> {
    const setCookies: string[] = [];
    let bearerToken: string | null | undefined;
    if (this.state === 'renewed' && this.tokens) {
      this.sealed ??= await sealSession(this.tokens, this.options.key, this.options.ttlMs);
      if (this.source === 'bearer') bearerToken = this.sealed;
      else setCookies.push(sessionCookie(this.sealed, { secure: this.secure, maxAgeMs: this.options.ttlMs }));
    } else if (this.state === 'cleared' || this.rejected) {
      if (this.source === 'bearer') bearerToken = null;
      else setCookies.push(clearedSessionCookie({ secure: this.secure }));
    }
    return { setCookies, bearerToken, noStore: setCookies.length > 0 || bearerToken !== undefined };
  }
}

const cacheKeyOf = (tokens: RestTokens | undefined): string | null =>
  tokens ? createHash('sha256').update(tokens.refreshToken).digest('base64url').slice(0, 22) : null;
