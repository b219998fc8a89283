import type { AppContext } from '../../context.ts';
import { ApiError } from '../../http/envelope.ts';
import { accountMessages as m } from './messages.ts';

/**
 * Who waits for a password hash, in the order they are served:
 * - `login`: checking a password of a login or password change (people waiting at a form);
 * - `new`: hashing a new password (registration, password change, rehash on login);
 * - `suspect`: checking a login from an address over its failure limit (it only gets idle time).
 */
export type HashLane = 'login' | 'new' | 'suspect';
const SERVED_IN_ORDER: HashLane[] = ['login', 'new', 'suspect'];

/** 503 'busy': the queue is full, nothing was checked or stored. */
export const hashQueueBusy = () => new ApiError(503, m['account.busy']);

/**
 * Bounds the scrypt work of the process: at most `concurrency` hashes run at once (each takes
 * ~128 MiB at N=2^17) and at most `capacity` wait, so memory stays bounded whatever arrives.
 * New hashes may fill only half of the waiting room and suspects a quarter, so logins always
 * find a place and are served first.
 */
export class PasswordHashQueue {
  private running = 0;
  private peakRunning = 0;
  private readonly waiting: Record<HashLane, Array<() => void>> = { login: [], new: [], suspect: [] };

  constructor(
    readonly concurrency: number,
    readonly capacity: number,
  ) {}

  /** How many hashes run now, the most that ever ran at once, and how many wait. */
  get stats() {
    const queued = SERVED_IN_ORDER.reduce((sum, lane) => sum + this.waiting[lane].length, 0);
    return { running: this.running, peakRunning: this.peakRunning, queued };
  }

  private roomFor(lane: HashLane): number {
    if (lane === 'login') return this.capacity;
    return lane === 'new' ? Math.floor(this.capacity / 2) : Math.floor(this.capacity / 4);
  }

  /** Runs `work` when a slot is free; throws 503 busy at once when its lane's waiting room is full. */
  async run<T>(lane: HashLane, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.stats.queued >= this.capacity || this.waiting[lane].length >= this.roomFor(lane)) {
        throw hashQueueBusy();
      }
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    } else {
      this.running += 1;
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    try {
      return await work();
    } finally {
      this.handOver();
    }
  }

  /** A finished hash passes its slot straight to the next waiter (so `running` never dips). */
  private handOver(): void {
    for (const lane of SERVED_IN_ORDER) {
      const next = this.waiting[lane].shift();
      if (next) {
        next();
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
    queue = new PasswordHashQueue(ctx.config.passwordHashConcurrency, ctx.config.passwordHashQueue);
    queues.set(ctx, queue);
  }
  return queue;
}
