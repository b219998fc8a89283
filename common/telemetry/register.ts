/**
 * What a tier's `telemetry/register.ts` (loaded with `node --import` before its modules) does:
 * check every setting first, so a bad one stops the process before telemetry starts, then start
 * the SDK (sdk.ts) with the instrumentations of an Express server on node:http plus the tier's own.
 */

import type { Instrumentation } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { RuntimeNodeInstrumentation } from '@opentelemetry/instrumentation-runtime-node';
import type { z } from 'zod';
import { orExit, readSettings } from '../settings/read.ts';
import { tracingConfigured } from '../settings/telemetry.ts';
import { redactUrlAttributes } from './redact.ts';
import { startTelemetry } from './sdk.ts';

export interface ServerTelemetryOptions<S extends z.ZodType> {
  /** The name a settings refusal is reported under (`shop gateway`). */
  processName: string;
  /** service.name unless OTEL_SERVICE_NAME says otherwise (`shop-gateway`). */
  serviceName: string;
  settings: S;
  /** The Prometheus port among the settings (0: no metrics endpoint). */
  metricsPort: (settings: z.output<S>) => number;
  /** Incoming requests that get no span (probes, static files). */
  untraced: RegExp;
  /** With tracing, the tier's spans besides the server's. */
  traced?: () => Instrumentation[];
  /** Whether tracing or not (they record metrics too). */
  always?: () => Instrumentation[];
}

export async function registerServerTelemetry<S extends z.ZodType>(
  options: ServerTelemetryOptions<S>,
): Promise<void> {
  const settings = orExit(options.processName, () => readSettings(options.settings, process.env));
  await startTelemetry({
    serviceName: options.serviceName,
    metricsPort: options.metricsPort(settings),
    tracing: tracingConfigured(settings as Parameters<typeof tracingConfigured>[0]),
    instrumentations: (tracing) => [
      // Spans only: the server's request metric is the app's own (http-metrics.ts).
      ...(tracing
        ? [
            new HttpInstrumentation({
              // Outgoing calls go through undici or a database driver; node:http clients here are
              // the exporters themselves.
              disableOutgoingRequestInstrumentation: true,
              ignoreIncomingRequestHook: (req) => options.untraced.test(req.url ?? ''),
              requestHook: (span, req) => redactUrlAttributes(span, '', 'url' in req ? req.url : undefined),
            }),
            // Middleware and router spans say little; the request handler's span names the route.
            new ExpressInstrumentation({
              ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER],
            }),
            ...(options.traced?.() ?? []),
          ]
        : []),
      ...(options.always?.() ?? []),
      new RuntimeNodeInstrumentation(),
    ],
  });
}
