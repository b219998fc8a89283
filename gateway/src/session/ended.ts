/**
 * The sessions that ended (a logout, or a login the service refused to renew), recorded where
 * every gateway reads them (Redis when REDIS_URL is set, beside the response cache). An answer
 * the response cache kept for a session, private to it, is read and kept only while the session
 * has not ended, so replaying an old cookie after a logout never gets the answers kept for it,
 * whichever gateway it reaches.
 *
 * A mark lives as long as a private answer can: one stored just before the session ended expires
 * before its mark does. Without REDIS_URL each gateway keeps its marks and its answers in its own
 * memory, so a logout ends the private answers of the gateway that saw it (docs/operations.md).
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
