import { routes } from '@shop/common/rest/routes.ts';
import { LRUCache } from 'lru-cache';
import type { RestTokens, UpstreamAnswer, UpstreamCall } from '../upstream/types.ts';

/** The service refused the refresh token (revoked, reused, expired): the session is over. */
export class RefreshRejected extends Error {}

/** The service failed (5xx) while refreshing: the session is kept, the call fails. */
export class RefreshFailed extends Error {
  constructor(readonly answer: UpstreamAnswer) {
    super(`refresh failed with ${answer.status}`);
  }
}

/**
 * Spends `stale.refreshToken` once for all concurrent requests of the session (RefreshFlights) and resolves
 * with the new tokens. `post` makes the REST call, so GraphQL requests and the upload proxy count and map
 * transport failures their own way; its errors pass through. Throws RefreshRejected or RefreshFailed.
 */
export function renewTokens(
  flights: RefreshFlights,
  stale: RestTokens,
  post: (call: UpstreamCall) => Promise<UpstreamAnswer>,
): Promise<RestTokens> {
  return flights.run(stale.refreshToken, async () => {
    const answer = await post({
      method: 'POST',
      path: routes.accounts.refresh.path,
      body: { refreshToken: stale.refreshToken },
      auth: false,
    });
    const data = answer.envelope?.data as Partial<RestTokens> | null | undefined;
    if (answer.status === 200 && answer.envelope?.success && data?.accessToken && data.refreshToken) {
      return {
        accessToken: data.accessToken,
        refreshToken: data.refreshToken,
        defaultPassword: data.defaultPassword === true,
      };
    }
    if (answer.status >= 500) throw new RefreshFailed(answer);
    throw new RefreshRejected();
  });
}

/**
 * Single flight for token refreshes, keyed by the refresh token being spent: concurrent requests of one
 * session that meet a 401 wait for ONE `POST /refresh-token` and are replayed with its result, kept for
 * `shareMs` so a 401 arriving just after (with the old cookie) reuses it instead of spending the rotated
 * token again. Per process: two gateways may refresh one session in parallel; the service's grace window
 * (REFRESH_GRACE) gives both the same successor tokens.
 */
export class RefreshFlights {
  // lru-cache's fetch is the single flight: one fetch per key at a time, its value kept for the
  // ttl, and a rejection shared only with the fetches already waiting (the next one tries again).
  private readonly flights: LRUCache<string, RestTokens, () => Promise<RestTokens>>;

  constructor(shareMs: number) {
    this.flights = new LRUCache({
      ttl: Math.max(shareMs, 1),
      ttlAutopurge: true,
      fetchMethod: (_token, _stale, { context: refresh }) => refresh(),
    });
  }

  async run(refreshToken: string, refresh: () => Promise<RestTokens>): Promise<RestTokens> {
    return (await this.flights.fetch(refreshToken, { context: refresh })) as RestTokens;
  }
}
