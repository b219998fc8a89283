/**
 * The catalogue's generation: a number in the shared store (Redis when REDIS_URL is set, this
 * process's memory otherwise) that is part of the key of every response-cache entry and every
 * stored page. A mutation marked `@purgesCatalogue` raises it once it succeeded
 * (the gateway's graphql/catalogue-purge.ts), so every entry kept before is never read again, on every gateway,
 * and ages out of the store by its own lifetime: one command purges everything, whatever the
 * number of entries or gateways.
 *
 * Reading Redis on every request would add a round trip to each, so each gateway learns the
 * number at most every `refreshMs` (its first request after that waits for one read, within the
 * Redis deadline; the others share it). The gateway that raised the number knows the new one at
 * once; the others within `refreshMs` and a deadline. While the number cannot be read (Redis slow
 * or gone, the circuit open) it is unknown, and unknown means no cached answer or page is read or
 * kept: the old catalogue is never served because Redis could not say it changed. An edit stored
 * during an outage could not raise the number, so after an outage of a second or more the first
 * gateway to read it again raises it.
 */
import type { Logger } from '@shop/common/logging.ts';
import type { SharedCounter } from './index.ts';

/**
 * How long a gateway goes on with the number it read. A change is seen everywhere within this and
 * one Redis deadline (50 ms): 250 ms keeps that far below a shopper's reload while costing each
 * gateway four small Redis commands a second at most, and none when idle.
 */
export const REFRESH_MS = 250;
/**
 * An outage at least this long ends with a raise (see `read`): a second, the circuit breaker's
 * probe interval, so a missed deadline or two on a loaded machine never empties the caches.
 */
const OUTAGE_MS = 1_000;
/** The longest an answer or page is kept (the SDL's longest hint is an hour): retries stop after it. */
const GIVE_UP_MS = 60 * 60 * 1000;

export class CatalogueGeneration {
  private known: number | undefined;
  /** When the number in `known` was asked for (the read's start: it is at least that fresh). */
  private askedAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<number | undefined> | null = null;
  /** Raised by every raise, so a read that started before one cannot put an older number back. */
  private raises = 0;
  /** Since when a raise Redis did not take is being retried (null: none is). */
  private undeliveredSince: number | null = null;
  /** Since when the number could not be read (null: it was read last time). */
  private unknownSince: number | null = null;

  constructor(
    private readonly counter: SharedCounter,
    private readonly log: Logger,
    private readonly refreshMs = REFRESH_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The generation now, learnt at most `refreshMs` ago; undefined while it cannot be known. */
  current(): Promise<number | undefined> {
    if (this.undeliveredSince !== null) return Promise.resolve(undefined);
    if (this.now() - this.askedAt < this.refreshMs) return Promise.resolve(this.known);
    if (this.reading) return this.reading;
    const askedAt = this.now();
    const raises = this.raises;
    this.reading = this.read(askedAt)
      .then((value) => {
        if (raises === this.raises) {
          this.known = value;
          this.askedAt = askedAt;
        }
        return this.known;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /**
   * The number in the store. After an outage of OUTAGE_MS or more, an edit may have been stored
   * while no gateway could raise the number (its own retry may come later than this read), so the
   * first gateway to read it again raises it: the caches start afresh once after an outage.
   */
  private async read(askedAt: number): Promise<number | undefined> {
    const value = await this.counter.read();
    if (value === undefined) {
      this.unknownSince ??= askedAt;
      return undefined;
    }
    const outage = this.unknownSince === null ? 0 : askedAt - this.unknownSince;
    this.unknownSince = null;
    if (outage < OUTAGE_MS) return value;
    this.log.info(
      { outageMs: Math.round(outage) },
      'shared cache readable again: the cached catalogue starts afresh',
    );
    const raised = await this.counter.raise();
    if (raised === undefined) this.unknownSince = askedAt;
    return raised;
  }

  /**
   * Raises the generation: every answer and page kept before is no longer served. Tried twice (a
   * single missed deadline must not leave the old catalogue shown). When it cannot be made (Redis
   * slow or gone) the change is already stored, so it is retried every `refreshMs` until Redis
   * takes it, and meanwhile this gateway reads and keeps nothing; the other gateways cannot read
   * the number either while Redis is gone, and once it is back the retry follows within
   * `refreshMs`.
   */
  async raise(): Promise<void> {
    this.raises += 1;
    const value = (await this.counter.raise()) ?? (await this.counter.raise());
    this.raises += 1; // and reads that began while it was under way
    this.known = value;
    this.askedAt = this.now();
    if (value !== undefined) {
      this.undeliveredSince = null;
      return;
    }
    if (this.undeliveredSince !== null) return; // a retry is already under way
    this.undeliveredSince = this.now();
    this.log.warn(
      'catalogue change not recorded in the shared cache: retried until Redis takes it, cached answers unused meanwhile',
    );
    this.retry();
  }

  private retry(): void {
    const timer = setTimeout(async () => {
      const since = this.undeliveredSince;
      if (since === null) return;
      const value = await this.counter.raise();
      if (value === undefined) {
        // Past the longest lifetime of an entry kept before the change there is nothing left to purge.
        if (this.now() - since < GIVE_UP_MS) this.retry();
        else this.undeliveredSince = null;
        return;
      }
      this.raises += 1;
      this.known = value;
      this.askedAt = this.now();
      this.undeliveredSince = null;
      this.log.info('catalogue change recorded in the shared cache');
    }, this.refreshMs);
    timer.unref();
  }
}
