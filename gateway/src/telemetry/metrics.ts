/**
 * The gateway's own metrics beside its instrumentations' (HTTP server durations by route and status, undici's
 * upstream calls, the runtime's): caches (common/telemetry/cache-metrics.ts) and GraphQL operations; the page
 * server records its renders. Without a meter provider (no metrics port) each call is a no-op.
 */
import { metrics } from '@opentelemetry/api';
import { countCache } from '@shop/common/telemetry/cache-metrics.ts';
import type { NextFunction, Request, Response } from 'express';

const meter = metrics.getMeter('shop-gateway');

/** Seconds: from an answer out of the response cache (well under a millisecond) to a slow operation. */
const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const operations = meter.createHistogram('shop.graphql.operation.duration', {
  description: 'GraphQL operations by name, type and outcome (ok, or the first error code).',
  unit: 's',
  advice: { explicitBucketBoundaries: SECONDS },
});

export function recordOperation(
  seconds: number,
  operation: { name: string; type: string; outcome: string },
): void {
  operations.record(seconds, {
    'graphql.operation.name': operation.name,
    'graphql.operation.type': operation.type,
    outcome: operation.outcome,
  });
}

/**
 * Conditional requests (If-None-Match): a 304 is an HTTP cache hit (the browser's copy still
 * holds), anything else a miss. Counted when the answer is finished, whoever answered it.
 */
export function conditionalRequests() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.headers['if-none-match'] !== undefined) {
      res.once('finish', () => countCache('http', res.statusCode === 304));
    }
    next();
  };
}
