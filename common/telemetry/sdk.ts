/**
 * The OpenTelemetry SDK of one process (gateway or service), started by that process's
 * `telemetry/register.ts` through `node --import` before any instrumented module is loaded.
 *
 * - Traces go over OTLP only when configured: `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 *   `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or an explicit `OTEL_TRACES_EXPORTER`). Everything else is
 *   the SDK's own reading of the standard variables: `OTEL_EXPORTER_OTLP_PROTOCOL` (http/protobuf,
 *   http/json), `OTEL_TRACES_SAMPLER`/`_ARG`, `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES` …
 *   Without traces the process makes no spans at all: no tracer provider, no context manager and
 *   only the instrumentations that feed metrics, since span machinery on every request and
 *   promise costs more CPU than the request's own work (docs/performance.md). The caller's
 *   `traceparent` is then neither continued nor put on log lines.
 * - Metrics are served in Prometheus text format on a port of their own (never the public one);
 *   port 0 turns them off. OTLP metrics and logs are off unless their `OTEL_*_EXPORTER` says.
 */
import { register } from 'node:module';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { HostMetrics } from '@opentelemetry/host-metrics';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { metrics, NodeSDK, resources } from '@opentelemetry/sdk-node';
// The exporters' processors as the SDK makes them from OTEL_TRACES_EXPORTER & co (without its
// experimental self-metrics): it makes them only when given no processor, and the redactor is one.
import { getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils.js';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { onFlushTelemetry } from './flush.ts';
import { SecretPathRedactor } from './redacting-processor.ts';

export interface TelemetryOptions {
  /** service.name unless OTEL_SERVICE_NAME says otherwise. */
  serviceName: string;
  /** The Prometheus port; 0: no metrics endpoint. */
  metricsPort: number;
  /** Whether spans are exported (settings/telemetry.ts's `tracingConfigured`). */
  tracing: boolean;
  /**
   * Created lazily so their modules' hooks exist before the application's imports; `tracing` says
   * whether spans are wanted, or only the instrumentations that record metrics.
   */
  instrumentations: (tracing: boolean) => Instrumentation[];
}

export interface Telemetry {
  tracing: boolean;
  metricsPort: number;
  shutdown(): Promise<void>;
}

export async function startTelemetry(options: TelemetryOptions): Promise<Telemetry> {
  // ESM imports are only seen through a loader hook; only the modules an instrumentation asks for
  // are wrapped (the message channel tells the hook which), everything else loads untouched.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const env = process.env;
  const { tracing } = options;
  if (!tracing) env.OTEL_TRACES_EXPORTER = 'none';
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  // The SDK's own failures (a metrics port in use, a collector that refuses) reach stderr.
  env.OTEL_LOG_LEVEL ??= 'error';
  // http.server.request.duration with http.route and http.response.status_code (stable names).
  env.OTEL_SEMCONV_STABILITY_OPT_IN ??= 'http,database';

  const metricReaders =
    options.metricsPort > 0
      ? [new PrometheusExporter({ port: options.metricsPort, endpoint: '/metrics' })]
      : [];
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || options.serviceName,
    // The detectors that answer at once (OTEL_RESOURCE_ATTRIBUTES, the process): the host's
    // machine id is read asynchronously, and a scrape before it settles logs an error.
    resourceDetectors: [resources.envDetector, resources.processDetector],
    instrumentations: options.instrumentations(tracing),
    // Without spans nothing needs a request's context carried across its promises, and keeping it
    // costs every promise the process makes.
    // (null registers none: the SDK's documented switch, missing from its types.)
    ...(tracing ? {} : { contextManager: null as unknown as undefined }),
    // Secret addresses (payment links) are rewritten before any exporter sees a span.
    ...(tracing
      ? { spanProcessors: [new SecretPathRedactor(), ...getSpanProcessorsFromEnv(undefined)] }
      : {}),
    ...(metricReaders.length > 0 ? { metricReaders } : {}),
    // The application records http.server.request.duration itself (http-metrics.ts), traces or not.
    views: [
      {
        meterName: '@opentelemetry/instrumentation-http',
        instrumentName: 'http.server.request.duration',
        aggregation: { type: metrics.AggregationType.DROP },
      },
    ],
  });
  sdk.start();
  // The process's CPU time and memory (the runtime instrumentation adds heap, GC and event loop);
  // the machine's own figures are a node exporter's job.
  if (metricReaders.length > 0)
    new HostMetrics({ name: 'shop-process', metricGroups: ['process.cpu', 'process.memory'] }).start();
  await waitForAllMessagesAcknowledged();

  onFlushTelemetry(() => sdk.shutdown());
  return { tracing, metricsPort: options.metricsPort, shutdown: () => sdk.shutdown() };
}
