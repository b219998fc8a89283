import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/envelope.ts';
import { hashQueueMetrics } from '../../telemetry/metrics.ts';
import { accountMessages as m } from './messages.ts';

/**
 * Who waits for a password hash, in the order they are served:
 * - `login`: checking a password of a login or password change (people waiting at a form);
 * - `new`: hashing a new password (registration, password change, rehash on login);
 * - `suspect`: checking a login from an address over its failure limit (it only gets idle time).
 */
export type HashLane = 'login' | 'new' | 'suspect';
const SERVED_IN_ORDER: HashLane[] = ['login', 'new', 'suspect'];

/**
 * 503 'busy' with Retry-After: the queue is full or the wait would outlast the deadline; nothing
 * was checked or stored, and the attempt counts for nothing.
 */
export function hashQueueBusy(retryAfterSeconds = 1): ApiError {
  const error = new ApiError(503, m['account.busy']);
  error.retryAfter = Math.min(30, Math.max(1, Math.ceil(retryAfterSeconds)));
  return error;
}

interface Waiter {
  start: () => void;
  /** Turns the waiter away once its wait has used up the budget. */
  timer?: NodeJS.Timeout;
}

/**
 * Bounds the scrypt work of the process: at most `concurrency` hashes run at once (each takes
 * ~128 MiB at N=2^17) and at most `capacity` wait, so memory stays bounded whatever arrives.
 * New hashes may fill only half of the waiting room and suspects a quarter, so logins always
 * find a place and are served first.
 *
 * The wait is also bounded in time by `budgetMs` (below the gateway's upstream deadline): the
 * queue measures how long a hash takes on this machine now (a moving average) and turns a caller
 * away at once, with a Retry-After, when the hashes ahead of it would not be done within the
 * budget; a waiter still waiting when the budget is used up is turned away rather than left to
 * run into the gateway's timeout. A
 * login under a peak therefore succeeds or is told to retry — it never waits into a timeout.
 */
export class PasswordHashQueue {
  private running = 0;
  private peakRunning = 0;
  /** Moving average of a hash's duration (ms); 0 until the first one finished. */
  private hashMs = 0;
  private readonly waiting: Record<HashLane, Waiter[]> = { login: [], new: [], suspect: [] };

  constructor(
    readonly concurrency: number,
    readonly capacity: number,
    readonly budgetMs = Number.POSITIVE_INFINITY,
  ) {}

  /** The current estimate of one hash's duration in milliseconds (0 before any was measured). */
  get averageHashMs(): number {
    return this.hashMs;
  }

  /** How long a caller joining `lane` now would wait for its hash to be done (ms). */
  private expectedMs(lane: HashLane): number {
    const lanes = SERVED_IN_ORDER.slice(0, SERVED_IN_ORDER.indexOf(lane) + 1);
    const ahead = lanes.reduce((sum, name) => sum + this.waiting[name].length, 0);
    // The running hashes end about half-way through on average, then the ones ahead in rounds.
    return this.hashMs * (0.5 + Math.floor(ahead / this.concurrency) + 1);
  }

  /** How many hashes run now, the most that ever ran at once, and how many wait. */
  get stats() {
    const queued = SERVED_IN_ORDER.reduce((sum, lane) => sum + this.waiting[lane].length, 0);
    return { running: this.running, peakRunning: this.peakRunning, queued };
  }

  private roomFor(lane: HashLane): number {
    if (lane === 'login') return this.capacity;
    return lane === 'new' ? Math.floor(this.capacity / 2) : Math.floor(this.capacity / 4);
  }

  /**
   * Throws 503 busy at once when a caller joining `lane` now would be turned away: checked before
   * any other work of a login, so a refused login in a peak costs next to nothing.
   */
  assertRoom(lane: HashLane): void {
    if (this.running < this.concurrency) return;
    const full = this.stats.queued >= this.capacity || this.waiting[lane].length >= this.roomFor(lane);
    const expected = this.expectedMs(lane);
    if (full || expected > this.budgetMs) {
      hashQueueMetrics.refused(lane);
      throw hashQueueBusy(Math.max(expected, 1000) / 1000);
    }
  }

  /** Runs `work` when a slot is free; throws 503 busy at once when it would wait too long or its lane is full. */
  async run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      const queuedAt = performance.now();
      this.assertRoom(lane);
      await this.wait(lane);
      hashQueueMetrics.waited((performance.now() - queuedAt) / 1000, lane);
    } else {
      this.running += 1;
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    const started = performance.now();
    try {
      return await work();
    } finally {
      const took = performance.now() - started;
      this.hashMs = this.hashMs === 0 ? took : this.hashMs * 0.8 + took * 0.2;
      this.handOver();
    }
  }

  /** Waits for a slot; rejects with busy when the wait uses up the budget (the estimate was wrong). */
  private wait(lane: HashLane): Promise<void> {
    return new Promise<void>((start, refuse) => {
      const waiter: Waiter = { start };
      if (Number.isFinite(this.budgetMs)) {
        waiter.timer = setTimeout(() => {
          const index = this.waiting[lane].indexOf(waiter);
          if (index < 0) return;
          this.waiting[lane].splice(index, 1);
          hashQueueMetrics.refused(lane);
          refuse(hashQueueBusy(this.expectedMs(lane) / 1000));
        }, this.budgetMs);
        waiter.timer.unref();
      }
      this.waiting[lane].push(waiter);
    });
  }

  /** A finished hash passes its slot straight to the next waiter (so `running` never dips). */
  private handOver(): void {
    for (const lane of SERVED_IN_ORDER) {
      const next = this.waiting[lane].shift();
      if (next) {
        clearTimeout(next.timer);
        next.start();
        return;
      }
    }
    this.running -= 1;
  }
}

const queues = new WeakMap<AppContext, PasswordHashQueue>();

/** The hash queue of this service instance (one per process in production). */
export function hashQueueOf(ctx: AppContext): PasswordHashQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new PasswordHashQueue(
      ctx.config.passwordHashConcurrency,
      ctx.config.passwordHashQueue,
      ctx.config.passwordHashBudgetMs,
    );
    queues.set(ctx, queue);
    hashQueueMetrics.watch(queue);
  }
  return queue;
}
