import {
  classifyTransportFailure,
  unauthenticatedError,
  unavailableError,
  unwrapAnswer,
} from '../upstream/errors.ts';
import type { Notice, UpstreamAnswer, UpstreamCall, UpstreamTransport } from '../upstream/types.ts';
import { type Exchange, type RenewableSession, sendWithRenewal } from './edge.ts';
import { RefreshFailed, type RefreshFlights } from './refresh.ts';

export interface RequestUpstreamDeps {
  transport: UpstreamTransport;
  session: RenewableSession;
  flights: RefreshFlights;
  /** The client's Accept-Language header, passed through unchanged. */
  acceptLanguage: string | undefined;
  /** Success toasts collected for `extensions.notices`. */
  notices: Notice[];
  /** The client address the gateway trusts (`req.ip`), forwarded so the service throttles per client. */
  clientAddress?: string;
}

/**
 * One GraphQL request's view of the shop service: attaches the access token, counts calls, unwraps envelopes
 * (errors.ts); the session edge (session/edge.ts) renews an expired token and replays the call.
 */
export class SessionUpstream {
  private calls = 0;

  constructor(private readonly deps: RequestUpstreamDeps) {}

  /** How many REST calls this GraphQL request has made (logged, and asserted in tests). */
  get callCount(): number {
    return this.calls;
  }

  async call<T>(call: UpstreamCall): Promise<T> {
    const { session, flights, acceptLanguage, notices } = this.deps;
    if (call.auth === true && !session.current) throw unauthenticatedError(acceptLanguage);
    if (call.auth === false || !session.current) {
      return unwrapAnswer<T>(await this.send(call, undefined), acceptLanguage, notices);
    }
    let sent: Exchange<UpstreamAnswer>;
    try {
      sent = await sendWithRenewal(
        session,
        flights,
        (accessToken) => this.send(call, accessToken),
        (refresh) => this.send(refresh, undefined),
      );
    } catch (error) {
      // The service failed the renewal (5xx): its answer becomes the error, the session is kept.
      if (error instanceof RefreshFailed) unwrapAnswer(error.answer, acceptLanguage, []);
      throw error;
    }
    if (sent.ended)
      throw unauthenticatedError(acceptLanguage, sent.replayed ? sent.answer.envelope : undefined);
    return unwrapAnswer<T>(sent.answer, acceptLanguage, notices);
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
      throw unavailableError(classifyTransportFailure(error), this.deps.acceptLanguage);
    }
  }
}
