/**
 * A pino `mixin` that puts the current trace and span ids on every log line written while a
 * request is being handled, so a line found in the logs leads to its trace and back. Lines
 * outside any request (start-up, jobs) carry neither. Sampled-out requests still have ids: the
 * caller's `traceparent` or the one the gateway made up.
 */
import { isSpanContextValid, trace } from '@opentelemetry/api';

export function traceFields(): { trace_id?: string; span_id?: string; trace_flags?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  // A new object each time: pino merges the line's own fields into it.
  if (!context || !isSpanContextValid(context)) return {};
  return {
    trace_id: context.traceId,
    span_id: context.spanId,
    trace_flags: `0${context.traceFlags.toString(16)}`.slice(-2),
  };
}
