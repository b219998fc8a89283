/**
 * The session edge, used by GraphQL operations (session/upstream.ts, graphql/operation-outcome.ts) and the
 * upload/download proxy (http/service-proxy.ts): open the request's session, send with its access token
 * (renewing an expired one once and replaying), and write the outcome on the answer (renewed or cleared
 * cookie or bearer token, `no-store`, the ended session's mark).
 */
import type { RestTokens, UpstreamAnswer, UpstreamCall } from '../upstream/types.ts';
import type { EndedSessions } from './ended.ts';
import { RequestSession } from './handle.ts';
import { type RefreshFlights, RefreshRejected, renewTokens } from './refresh.ts';

/** Opens the session a request presents (bearer over cookie); an unreadable one is `rejected`. */
export const openSession = RequestSession.fromRequest;

/** The session operations renewal needs (RequestSession; tests may bring their own). */
export interface RenewableSession {
  readonly current: RestTokens | undefined;
  renew(tokens: RestTokens): void;
  clear(): void;
}

/**
 * `ended: false`: the answer (after a renewal, the replay's). `ended: true`: the service refused the renewal
 * (`answer` is its first 401) or even the renewed token (the replay's 401); the session is cleared.
 */
export type Exchange<A> = { ended: false; answer: A } | { ended: true; answer: A; replayed: boolean };

/**
 * Sends with the session's access token; on a 401, renews the tokens once (one `POST /refresh-token` for all
 * concurrent requests of the session (RefreshFlights), or the tokens another of its requests already renewed)
 * and replays. `refresh` makes the renewal's REST call (renewTokens). A renewal the service fails
 * (RefreshFailed) or cannot be reached for is thrown as is, the session kept: an outage logs nobody out.
 */
export async function sendWithRenewal<A extends { status: number }>(
  session: RenewableSession,
  flights: RefreshFlights,
  send: (accessToken: string | undefined) => Promise<A>,
  refresh: (call: UpstreamCall) => Promise<UpstreamAnswer>,
): Promise<Exchange<A>> {
  const stale = session.current;
  const answer = await send(stale?.accessToken);
  if (answer.status !== 401 || !stale) return { ended: false, answer };
  let renewed = session.current;
  if (!renewed || renewed.refreshToken === stale.refreshToken) {
    try {
      renewed = await renewTokens(flights, stale, refresh);
    } catch (error) {
      if (!(error instanceof RefreshRejected)) throw error;
      session.clear();
      return { ended: true, answer, replayed: false };
    }
    session.renew(renewed);
  }
  const replay = await send(renewed.accessToken);
  if (replay.status !== 401) return { ended: false, answer: replay };
  // The service refuses even a fresh token (the session was revoked meanwhile): it is over.
  session.clear();
  return { ended: true, answer: replay, replayed: true };
}

/** What the answer carries about the session (RequestSession.outcome). */
export type SessionWrite = Awaited<ReturnType<RequestSession['outcome']>>;

/**
 * The session's outcome for the answer, once the exchange is over. A session that ended here is marked in
 * `ended` (shared by every gateway) before the answer leaves, so its old cookie gets no private answer.
 */
export async function settleSession(session: RequestSession, ended?: EndedSessions): Promise<SessionWrite> {
  if (session.ended && ended && session.openedCacheKey !== null) await ended.end(session.openedCacheKey);
  return session.outcome();
}
