/**
 * `node --import tsx --import ./gateway/src/telemetry/register.ts gateway/src/main.ts`: starts
 * OpenTelemetry before the gateway's modules load, so undici (and, with tracing, express and
 * dataloader) are instrumented. Metrics on GATEWAY_METRICS_PORT (9464; 0: off), traces only when
 * OTLP is configured (see common/telemetry/sdk.ts).
 */
import { DataloaderInstrumentation } from '@opentelemetry/instrumentation-dataloader';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { orExit, readSettings } from '@shop/common/settings/read.ts';
import { tracingConfigured } from '@shop/common/settings/telemetry.ts';
import { redactUrlAttributes } from '@shop/common/telemetry/redact.ts';
import { startTelemetry } from '@shop/common/telemetry/sdk.ts';
import { gatewaySettings } from '../settings.ts';

// Every setting is checked here, first, so a bad one stops the process before telemetry starts.
const settings = orExit('shop gateway', () => readSettings(gatewaySettings, process.env));

await startTelemetry({
  serviceName: 'shop-gateway',
  metricsPort: settings.GATEWAY_METRICS_PORT,
  tracing: tracingConfigured(settings),
  instrumentations: (tracing) => [
    // Spans only: the server's request metric is the app's own (common/telemetry/http-metrics.ts).
    ...(tracing
      ? [
          new HttpInstrumentation({
            // Outgoing calls go through undici; node:http clients here are the exporters themselves.
            disableOutgoingRequestInstrumentation: true,
            // Probes and static files would crowd out the requests worth reading.
            ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|assets\/|favicon)/.test(req.url ?? ''),
            requestHook: (span, req) => redactUrlAttributes(span, '', 'url' in req ? req.url : undefined),
          }),
          // Middleware and router spans say little; the request handler's span names the route.
          new ExpressInstrumentation({
            ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
          }),
          // The operation's span comes from telemetry/apollo-plugin.ts, a plugin of the one
          // pipeline every GraphQL request runs through. Per-field spans (instrumentation-graphql)
          // would cost more than they tell; the DataLoader batches below are what wait.
          new DataloaderInstrumentation({ requireParentSpan: true }),
        ]
      : []),
    // REST calls to the service: spans with tracing, http.client.request.duration always.
    new UndiciInstrumentation({
      requestHook: (span, request) => redactUrlAttributes(span, request.origin, request.path),
    }),
    new RuntimeNodeInstrumentation(),
  ],
});
