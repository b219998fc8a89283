import pino, { type DestinationStream, type Logger } from 'pino';
import { traceFields } from './telemetry/log-fields.ts';

export type { Logger };

/** Log lines are written in batches of about this many characters (one write per batch, not per line). */
const BATCH_CHARS = 16 * 1024;
/** …and at least this often, so a quiet server's lines still show up promptly. */
const FLUSH_MS = 500;

/**
 * A server's JSON lines on stdout, `service` naming it on each. Both servers write a line per
 * request at info level (the gateway's `graphql operation`, the service's `request`): written one
 * by one, that is one write system call per request on the hot path, so lines are batched. The batch
 * is kept as a list of lines and joined once: handing each line to pino's stdout stream costs
 * several microseconds (it measures the bytes of its growing buffer on every line), the list a
 * fraction of one. Whatever is left is written synchronously when the process exits, crashes
 * included.
 */
export function createLogger(level: string, service: string): Logger {
  const stdout = pino.destination({ dest: 1, sync: false });
  const lines: string[] = [];
  let size = 0;
  const flush = () => {
    if (lines.length === 0) return;
    const text = lines.join('');
    lines.length = 0;
    size = 0;
    stdout.write(text);
  };
  const batched: DestinationStream = {
    write(line: string) {
      lines.push(line);
      size += line.length;
      if (size >= BATCH_CHARS) flush();
    },
  };
  setInterval(() => {
    try {
      flush();
    } catch {
      // Destroyed at shutdown: nothing left to write.
    }
  }, FLUSH_MS).unref();
  process.once('exit', () => {
    try {
      flush();
      stdout.flushSync();
    } catch {
      // stdout already closed: nothing can be written any more.
    }
  });
  return pino({ level, base: { service }, mixin: traceFields }, batched);
}
