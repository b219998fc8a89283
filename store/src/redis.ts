/**
 * The shared cache's Redis connection, made so that Redis can never hold an answer up: every
 * command has a deadline (REDIS_TIMEOUT, COMMAND_MS unless given), commands are refused at once
 * while the client is not connected (no offline queue), and a circuit breaker stops asking a Redis
 * that keeps failing or timing out, letting one probe through every PROBE_AFTER_MS until one
 * succeeds. While the circuit is open every read is a miss and every write is dropped, so the
 * gateway answers by rendering and asking the service, as a gateway without REDIS_URL does. The
 * outage is logged once at warn and the recovery once at info.
 *
 * The client's own command timeout only covers a command still waiting to be written; once it is
 * on the wire the client would wait for its reply for ever, hence the deadline around each call.
 */
import type { KeyValueCache, KeyValueCacheSetOptions } from '@apollo/utils.keyvaluecache';
import { createClient } from '@redis/client';
import { observeRedisCircuit } from '@shop/common/telemetry/cache-metrics.ts';
import { CircuitBreaker } from './breaker.ts';
import { DeadlineError, withDeadline } from './deadline.ts';

/**
 * The deadline of one command unless REDIS_TIMEOUT says otherwise. A GET or SET of a cached answer
 * takes well under a millisecond on a healthy Redis nearby (a few with TLS); what a hit saves is an
 * upstream call or a render, tens to hundreds of milliseconds. Waiting longer than 50 ms would make
 * the cache slower than the work it saves, so past it Redis counts as stalled.
 */
export const COMMAND_MS = 50;
/** A TCP (and TLS) connection to Redis that is not up within this is abandoned and retried. */
const CONNECT_MS = 1_000;
/** Failures or missed deadlines in a row that open the circuit. */
const FAILURES = 3;
/** While the circuit is open, one command probes Redis this often. */
const PROBE_AFTER_MS = 1_000;
/**
 * An idle connection is pinged this often, and one with no traffic for SOCKET_IDLE_MS is closed
 * and made again: that ends a connection whose handshake never got an answer.
 */
const PING_MS = 2_000;
const SOCKET_IDLE_MS = 5_000;

type Client = ReturnType<typeof createClient>;

/** Where the store reports an outage, a recovery and each failure (a pino logger fits). */
export interface StoreLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** Where Redis is, for log lines: scheme, host and port, never the credentials. */
export function redisTarget(url: string): string {
  try {
    const { protocol, host } = new URL(url);
    return `${protocol}//${host}`;
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

export class SharedRedis {
  private client: Client;
  private readonly breaker: CircuitBreaker;
  private readonly target: string;
  private closed = false;
  /** The connection's latest error ("connection refused", "WRONGPASS"), which explains an outage. */
  private connectionError: unknown;
  private readonly stopObserving: () => void;
  /** Settles once the first connection is ready (true), or gave up (false). */
  readonly connected: Promise<boolean>;

  constructor(
    private readonly url: string,
    private readonly log: StoreLog,
    private readonly commandMs = COMMAND_MS,
  ) {
    this.target = redisTarget(url);
    this.breaker = new CircuitBreaker({
      failures: FAILURES,
      probeAfterMs: PROBE_AFTER_MS,
      onOpen: (cause) =>
        log.warn(
          { redis: this.target, cause: summary(cause), connection: summary(this.connectionError) },
          'redis cache unavailable: answering without the shared cache until it answers again',
        ),
      onClose: () => log.info({ redis: this.target }, 'redis cache answering again: shared cache in use'),
    });
    this.client = this.connect();
    this.connected = this.client.connect().then(
      () => true,
      () => false,
    );
    this.stopObserving = observeRedisCircuit(() => this.breaker.state);
  }

  /** Runs one command within its deadline, unless the circuit is open; never throws. */
  async run<T>(command: (client: Client) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    const client = this.client;
    const outcome = await this.breaker.run(() => withDeadline(command(client), this.commandMs));
    if (!outcome.ok && outcome.error instanceof DeadlineError && this.breaker.state === 'open') {
      // The connection is stalled (a paused Redis, a dead peer): the commands already written to it
      // may never be answered, so it is replaced, and the probes that follow use a fresh one.
      this.replace(client);
    }
    if (!outcome.ok && outcome.error !== undefined) {
      this.log.debug({ redis: this.target, cause: summary(outcome.error) }, 'redis command failed');
    }
    return outcome;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopObserving();
    this.client.destroy();
  }

  private connect(): Client {
    let client: Client;
    try {
      client = createClient({
        url: this.url,
        // A command sent while the connection is down fails at once (a miss) instead of waiting in a
        // queue for a Redis that may be gone for minutes, holding every page request with it.
        disableOfflineQueue: true,
        // Drops a command that could not even be written within its deadline from the client's queue.
        commandOptions: { timeout: this.commandMs },
        pingInterval: PING_MS,
        // Relaxed deadlines during managed-Redis maintenance would let a cache stall answers.
        maintNotifications: 'disabled',
        socket: {
          connectTimeout: CONNECT_MS,
          socketTimeout: SOCKET_IDLE_MS,
          reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000),
        },
      });
    } catch {
      // The parser's own error would quote the URL, password included.
      throw new Error(`REDIS_URL is not a redis:// or rediss:// URL (${this.target})`);
    }
    // Without a listener an 'error' event would end the process. Failures reach the breaker
    // through the commands they fail; the connection's own errors only explain them.
    client.on('error', (error: unknown) => {
      this.connectionError = error;
      this.log.debug({ redis: this.target, cause: summary(error) }, 'redis connection error');
    });
    client.on('ready', () => {
      this.connectionError = undefined;
    });
    return client;
  }

  private replace(stalled: Client): void {
    if (this.closed || stalled !== this.client) return;
    this.client = this.connect();
    stalled.destroy();
    this.client.connect().catch(() => {});
  }
}

/** An error as a log field: its name and message (never the client's options, which hold the URL). */
function summary(error: unknown): { name: string; message: string } | unknown {
  return error instanceof Error ? { name: error.name, message: error.message } : error;
}

/** Apollo's KeyValueCache on the shared Redis, under `prefix`; `ttl` is in seconds, as Apollo gives it. */
export class RedisKeyValueCache implements KeyValueCache<string> {
  constructor(
    private readonly redis: SharedRedis,
    private readonly prefix: string,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const read = await this.redis.run((client) => client.get(this.prefix + key));
    return read.ok && typeof read.value === 'string' ? read.value : undefined;
  }

  async set(key: string, value: string, options?: KeyValueCacheSetOptions): Promise<void> {
    const ttl = options?.ttl;
    await this.redis.run((client) =>
      client.set(
        this.prefix + key,
        value,
        ttl ? { expiration: { type: 'PX', value: Math.max(1, Math.ceil(ttl * 1000)) } } : undefined,
      ),
    );
  }

  async delete(key: string): Promise<boolean> {
    const deleted = await this.redis.run((client) => client.del(this.prefix + key));
    return deleted.ok && deleted.value > 0;
  }
}

/**
 * A counter every gateway on the Redis reads and raises (the catalogue's generation). A missing
 * key (never set, or evicted by `allkeys-lru`) starts at the current time in milliseconds, so a
 * counter made again is always above any value it had before (it rises by one per change, far
 * slower than the clock), and an entry keyed by an old value is never taken for a current one.
 */
const READ_COUNTER = `local v = redis.call('get', KEYS[1])
if not v then redis.call('set', KEYS[1], ARGV[1]) v = ARGV[1] end
return v`;
const RAISE_COUNTER = `if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) end
return redis.call('incr', KEYS[1])`;

export class RedisCounter {
  constructor(
    private readonly redis: SharedRedis,
    private readonly key: string,
  ) {}

  /** The counter's value, or undefined when Redis did not answer in time (or the circuit is open). */
  async read(): Promise<number | undefined> {
    const read = await this.redis.run((client) =>
      client.eval(READ_COUNTER, { keys: [this.key], arguments: [String(Date.now())] }),
    );
    return read.ok ? asCount(read.value) : undefined;
  }

  /** Raises the counter by one: its new value, or undefined when Redis did not take it. */
  async raise(): Promise<number | undefined> {
    const raised = await this.redis.run((client) =>
      client.eval(RAISE_COUNTER, { keys: [this.key], arguments: [String(Date.now())] }),
    );
    return raised.ok ? asCount(raised.value) : undefined;
  }
}

/** A counter's reply as a number; anything else (a key someone else wrote) is unknown. */
function asCount(reply: unknown): number | undefined {
  const value = typeof reply === 'string' ? Number(reply) : reply;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}
