/**
 * Sessions that ended (a logout, or a renewal the service refused), marked where every gateway reads them
 * (Redis, beside the response cache, when REDIS_URL is set). The response cache reads and keeps a session's
 * private answers only while the session has not ended, so an old cookie replayed after a logout gets none at
 * any gateway. A mark outlives any private answer stored before it. Without REDIS_URL each gateway keeps both
 * in its own memory: a logout ends only the private answers of the gateway that saw it (docs/operations.md).
 */
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';

/** A private answer whose write was under way as the session ended lands within this much more. */
const WRITE_MARGIN_SECONDS = 10;

export class EndedSessions {
  private readonly ttl: number;

  /** `privateMaxAgeSeconds`: the longest a private answer lives (GATEWAY_RESOURCES_MAX_AGE). */
  constructor(
    private readonly store: KeyValueCache<string>,
    privateMaxAgeSeconds: number,
  ) {
    this.ttl = privateMaxAgeSeconds + WRITE_MARGIN_SECONDS;
  }

  /** Records that the session of `cacheKey` (RequestSession.openedCacheKey) ended. */
  async end(cacheKey: string): Promise<void> {
    await this.store.set(markOf(cacheKey), '1', { ttl: this.ttl });
  }

  async ended(cacheKey: string): Promise<boolean> {
    return (await this.store.get(markOf(cacheKey))) !== undefined;
  }
}

const markOf = (cacheKey: string) => `ended:${cacheKey}`;
