import type { RestTokens } from '../upstream/types.ts';

/**
 * Single flight for token refreshes, keyed by the refresh token being spent: concurrent requests
 * of one session that meet a 401 wait for ONE `POST /refresh-token` and are replayed with its
 * result. The settled result is kept for `shareMs` so requests whose 401 arrives just after the
 * refresh (still carrying the old cookie) reuse it instead of spending the rotated token again.
 *
 * This map is per process. Across several gateway instances two instances may refresh the same
 * session in parallel; the service's refresh grace window (REFRESH_GRACE) answers a parallel
 * retry with the previous token with the same successor, so both end up with the same tokens.
 */
export class RefreshFlights {
  private readonly flights = new Map<string, Promise<RestTokens>>();

  constructor(private readonly shareMs: number) {}

  run(refreshToken: string, refresh: () => Promise<RestTokens>): Promise<RestTokens> {
    const existing = this.flights.get(refreshToken);
    if (existing) return existing;
    const flight = refresh();
    this.flights.set(refreshToken, flight);
    const forget = () => {
      const timer = setTimeout(() => {
        if (this.flights.get(refreshToken) === flight) this.flights.delete(refreshToken);
      }, this.shareMs);
      timer.unref();
    };
    // A failure is only shared with the requests already waiting: the next one may try again.
    const drop = () => {
      if (this.flights.get(refreshToken) === flight) this.flights.delete(refreshToken);
    };
    flight.then(forget, drop);
    return flight;
  }

  get size(): number {
    return this.flights.size;
  }
}
