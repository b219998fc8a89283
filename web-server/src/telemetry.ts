/**
 * The page server's few manual spans, where no instrumentation can see: the server render of a
 * page and the page cache. The render's span is active while it runs, so the GraphQL operations it
 * executes in-process, their DataLoader batches and their REST calls are its children. Without a
 * tracer or meter provider (no exporter, no metrics port) each call is a no-op.
 */
import { metrics, SpanStatusCode, trace } from '@opentelemetry/api';
import { countCache } from '@shop/common/telemetry/cache-metrics.ts';

const tracer = trace.getTracer('shop-gateway/ssr');

/** Seconds: from a render of a stored screen (a few milliseconds) to one past its deadline. */
const SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const renderDuration = metrics.getMeter('shop-gateway').createHistogram('shop.render.duration', {
  description:
    'Server render of a page until its shell is ready, by outcome (page, redirect, unavailable, failed).',
  unit: 's',
  advice: { explicitBucketBoundaries: SECONDS },
});

/** Runs a render in its own span and records its duration by the kind of output it gave. */
export function traceRender<T extends { kind: string }>(path: string, render: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan('ssr.render', { attributes: { 'url.path': path } }, async (span) => {
    const started = performance.now();
    let outcome = 'failed';
    try {
      const output = await render();
      outcome = output.kind;
      span.setAttribute('shop.render.outcome', outcome);
      return output;
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      renderDuration.record((performance.now() - started) / 1000, { outcome });
      span.end();
    }
  });
}

/** A page cache lookup (memory or Redis): counted as hit or miss and marked on a span. */
export async function lookUpPage<T>(lookUp: () => Promise<T | undefined>): Promise<T | undefined> {
  const span = tracer.startSpan('page-cache.get');
  try {
    const page = await lookUp();
    span.setAttribute('shop.cache.hit', page !== undefined);
    countCache('page', page !== undefined);
    return page;
  } finally {
    span.end();
  }
}
