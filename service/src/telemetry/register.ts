/**
 * `node --import tsx --import ./service/src/telemetry/register.ts service/src/main.ts`: starts
 * OpenTelemetry before the service's modules load, so pg (and, with tracing, express) is
 * instrumented (SQLite statements get their spans from telemetry/sqlite.ts). Metrics on
 * SERVICE_METRICS_PORT (9465; 0: off), traces only when OTLP is configured (see
 * common/telemetry/sdk.ts).
 */
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { registerServerTelemetry } from '@shop/common/telemetry/register.ts';
import { serviceSettings } from '../settings.ts';

await registerServerTelemetry({
  processName: 'shop service',
  serviceName: 'shop-service',
  settings: serviceSettings,
  metricsPort: (settings) => settings.SERVICE_METRICS_PORT,
  untraced: /^\/(healthz|readyz)/,
  // Statements as sent (placeholders, never values); a span only inside a request's trace. Its
  // pool and statement metrics count with or without traces.
  always: () => [new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true })],
});
