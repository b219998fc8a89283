/**
 * `node --import tsx --import ./gateway/src/telemetry/register.ts gateway/src/main.ts` starts OpenTelemetry
 * before the gateway's modules load, so undici (and, with tracing, express and dataloader) are instrumented.
 * Metrics on GATEWAY_METRICS_PORT (9464; 0: off); traces only with OTLP configured (common/telemetry/sdk.ts).
 */
import { DataloaderInstrumentation } from '@opentelemetry/instrumentation-dataloader';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { redactUrlAttributes } from '@shop/common/telemetry/redact.ts';
import { registerServerTelemetry } from '@shop/common/telemetry/register.ts';
import { gatewaySettings } from '../settings.ts';

await registerServerTelemetry({
  processName: 'shop gateway',
  serviceName: 'shop-gateway',
  settings: gatewaySettings,
  metricsPort: (settings) => settings.GATEWAY_METRICS_PORT,
  // Probes and static files would crowd out the requests worth reading.
  untraced: /^\/(healthz|readyz|assets\/|favicon)/,
  // The operation's span comes from apollo-plugin.ts, in the one pipeline every GraphQL request runs through;
  // per-field spans (instrumentation-graphql) would cost more than they tell: the DataLoader batches wait.
  traced: () => [new DataloaderInstrumentation({ requireParentSpan: true })],
  // REST calls to the service: spans with tracing, http.client.request.duration always.
  always: () => [
    new UndiciInstrumentation({
      requestHook: (span, request) => redactUrlAttributes(span, request.origin, request.path),
    }),
  ],
});
