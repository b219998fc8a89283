import type { GraphQLError } from 'graphql';
import { RefreshFailed, type RefreshFlights, RefreshRejected, renewTokens } from '../session/refresh.ts';
import {
  classifyTransportFailure,
  UpstreamTransportError,
  unauthenticatedError,
  unavailableError,
  unwrapAnswer,
} from './errors.ts';
import type {
  Notice,
  RequestUpstream,
  RestTokens,
  UpstreamAnswer,
  UpstreamCall,
  UpstreamTransport,
} from './types.ts';

/** The session operations the upstream needs (implemented by session/handle.ts). */
export interface UpstreamSession {
  readonly current: RestTokens | undefined;
  renew(tokens: RestTokens): void;
  clear(): void;
}

export interface RequestUpstreamDeps {
  transport: UpstreamTransport;
  session: UpstreamSession;
  flights: RefreshFlights;
  /** The client's Accept-Language header, passed through unchanged. */
  acceptLanguage: string | undefined;
  /** Success toasts collected for `extensions.notices`. */
  notices: Notice[];
  /** The client address the gateway trusts (`req.ip`), forwarded so the service throttles per client. */
  clientAddress?: string;
}

/**
 * One GraphQL request's view of the shop service: attaches the session's access token, counts
 * calls, unwraps envelopes (errors.ts) and, on a 401 of a request that had a session, refreshes
 * once (single flight per session) and replays the call with the new access token.
 */
export class SessionUpstream implements RequestUpstream {
  private calls = 0;

  constructor(private readonly deps: RequestUpstreamDeps) {}

  get callCount(): number {
    return this.calls;
  }

  get notices(): Notice[] {
    return this.deps.notices;
  }

  async call<T>(call: UpstreamCall): Promise<T> {
    const { session, acceptLanguage, notices } = this.deps;
    const tokens = session.current;
    if (call.auth === true && !tokens) throw unauthenticatedError(acceptLanguage);
    const withToken = call.auth !== false && tokens !== undefined;
    let answer = await this.send(call, withToken ? tokens.accessToken : undefined);
    if (answer.status === 401 && withToken) {
      const renewed = await this.refresh(tokens);
      answer = await this.send(call, renewed.accessToken);
      if (answer.status === 401) {
        // The service refuses even a fresh token (session revoked meanwhile): it is over.
        session.clear();
        throw unauthenticatedError(acceptLanguage, answer.envelope);
      }
    }
    return unwrapAnswer<T>(answer, acceptLanguage, notices);
  }

  private async send(call: UpstreamCall, accessToken: string | undefined): Promise<UpstreamAnswer> {
    this.calls += 1;
    try {
      return await this.deps.transport.send({
        ...call,
        accessToken,
        locale: this.deps.acceptLanguage ?? '',
        clientAddress: this.deps.clientAddress,
      });
    } catch (error) {
      throw toGraphQLError(error, this.deps.acceptLanguage);
    }
  }

  /**
   * POST /refresh-token once per session. The flight's leader makes (and counts) the call; the
   * other requests of the session wait for it. A refusal ends the session (cookie cleared,
   * UNAUTHENTICATED); an unreachable service keeps it (UPSTREAM_UNAVAILABLE) so the user is not
   * logged out by an outage.
   */
  private async refresh(stale: RestTokens): Promise<RestTokens> {
    const { session, flights, acceptLanguage } = this.deps;
    // A request of this session may already have renewed the tokens.
    const current = session.current;
    if (current && current.refreshToken !== stale.refreshToken) return current;
    let renewed: RestTokens;
    try {
      renewed = await renewTokens(flights, stale, (call) => this.send(call, undefined));
    } catch (error) {
      if (error instanceof RefreshRejected) {
        session.clear();
        throw unauthenticatedError(acceptLanguage);
      }
      if (error instanceof RefreshFailed) unwrapAnswer(error.answer, acceptLanguage, []);
      throw error;
    }
    session.renew(renewed);
    return renewed;
  }
}

function toGraphQLError(error: unknown, acceptLanguage: string | undefined): GraphQLError {
  const failure = error instanceof UpstreamTransportError ? error : classifyTransportFailure(error);
  return unavailableError(failure, acceptLanguage);
}
