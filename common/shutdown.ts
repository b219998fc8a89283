import type { Server } from 'node:http';
import type { Logger } from './logging.ts';
import { flushTelemetry } from './telemetry/flush.ts';

export interface ShutdownSteps {
  /** Runs first: readiness turns 503, background jobs stop. */
  drain(): void;
  /** Runs once the server has finished the requests in flight: pools, databases, stores. */
  close(): Promise<void>;
  /** Past this the process exits anyway (a request that never ends). */
  forceAfterMs: number;
}

/**
 * Stops a server process on SIGTERM or SIGINT, once: `drain`, then the server stops accepting,
 * closes its idle keep-alive connections (node's `close` does) and finishes the requests in
 * flight, `close` releases what the process holds, the last telemetry is flushed, and it exits.
 */
export function stopOnSignals(server: Server, log: Logger, steps: ShutdownSteps): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining requests');
    steps.drain();
    const force = setTimeout(() => {
      log.warn('drain timed out; exiting');
      process.exit(1);
    }, steps.forceAfterMs);
    force.unref();
    server.close(async () => {
      await steps.close();
      await flushTelemetry();
      log.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
