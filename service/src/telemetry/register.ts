/**
 * `node --import tsx --import ./service/src/telemetry/register.ts service/src/main.ts`: starts
 * OpenTelemetry before the service's modules load, so pg (and, with tracing, express) is
 * instrumented (SQLite statements get their spans from telemetry/sqlite.ts). Metrics on
 * SERVICE_METRICS_PORT (9465; 0: off), traces only when OTLP is configured (see
 * common/telemetry/sdk.ts).
 */
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';
import { orExit, readSettings } from '@shop/common/settings/read.ts';
import { tracingConfigured } from '@shop/common/settings/telemetry.ts';
import { redactUrlAttributes } from '@shop/common/telemetry/redact.ts';
import { startTelemetry } from '@shop/common/telemetry/sdk.ts';
import { serviceSettings } from '../settings.ts';

// Every setting is checked here, first, so a bad one stops the process before telemetry starts.
const settings = orExit('shop service', () => readSettings(serviceSettings, process.env));

await startTelemetry({
  serviceName: 'shop-service',
  metricsPort: settings.SERVICE_METRICS_PORT,
  tracing: tracingConfigured(settings),
  instrumentations: (tracing) => [
    // Spans only: the server's request metric is the app's own (common/telemetry/http-metrics.ts).
    ...(tracing
      ? [
          new HttpInstrumentation({
            // Outgoing calls go through undici; node:http clients here are the exporters themselves.
            disableOutgoingRequestInstrumentation: true,
            ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz)/.test(req.url ?? ''),
            requestHook: (span, req) => redactUrlAttributes(span, '', 'url' in req ? req.url : undefined),
          }),
          new ExpressInstrumentation({
            ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
          }),
        ]
      : []),
    // Statements as sent (placeholders, never values); a span only inside a request's trace. Its
    // pool and statement metrics count with or without traces.
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    new RuntimeNodeInstrumentation(),
  ],
});
