import pino, { type Logger } from 'pino';

export type { Logger };

/** Log lines are written in batches of about this many bytes (one write call per batch, not per line). */
const BATCH_BYTES = 4096;
/** …and at least this often, so a quiet gateway's lines still show up promptly. */
const FLUSH_MS = 500;

/**
 * JSON lines on stdout. One `graphql operation` line per request at info level: written
 * synchronously, that is one write system call per request on the hot path, so lines are batched
 * (pino flushes what is left when the process exits, crashes included).
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Destroyed at shutdown: nothing left to write.
    }
  }, FLUSH_MS).unref();
  return pino({ level, base: { service: 'shop-gateway' } }, destination);
}
