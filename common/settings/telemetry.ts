/**
 * The telemetry variables a process's telemetry/register.ts reads: its metrics port and the
 * OpenTelemetry switches that decide whether traces are exported. The SDK reads the other
 * standard OTEL_* variables itself (docs/operations.md).
 */

import type { z } from 'zod';
import { port } from './numbers.ts';
import { type Kind, optionalSetting, setting } from './setting.ts';
import { listOf, oneOf, text } from './text.ts';
import { httpUrl } from './url.ts';

/** The SDK's own boolean: only `true` turns it off. */
const sdkBoolean: Kind<boolean> = {
  accepted: 'true or false',
  parse: (value) => (/^true$/i.test(value) ? true : /^false$/i.test(value) ? false : null),
};

export function telemetrySettings<P extends string>(
  portVariable: P,
  defaultPort: number,
  serviceName: string,
) {
  const metricsPort = {
    [portVariable]: setting(port, String(defaultPort), 'Prometheus metrics on their own port (`0`: off)'),
  } as Record<P, z.ZodType<number, string | undefined>>;
  return {
    ...metricsPort,
    OTEL_SDK_DISABLED: setting(
      sdkBoolean,
      'false',
      'turns OpenTelemetry off altogether (metrics and traces)',
    ),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalSetting(
      httpUrl,
      'unset (no traces)',
      'the OTLP collector; setting it exports traces (docs/operations.md)',
    ),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalSetting(
      httpUrl,
      'unset',
      'the OTLP endpoint for traces only',
    ),
    OTEL_TRACES_EXPORTER: optionalSetting(
      listOf(
        oneOf(['otlp', 'zipkin', 'jaeger', 'console', 'none']),
        'a comma-separated list of otlp, zipkin, jaeger, console, none',
      ),
      'unset (`otlp` when an endpoint is set)',
      'the trace exporters; `none` keeps traces off whatever the endpoint',
    ),
    OTEL_SERVICE_NAME: optionalSetting(text, `\`${serviceName}\``, 'service.name on traces and metrics'),
  } as const;
}

export interface TracingSwitches {
  OTEL_SDK_DISABLED: boolean;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_TRACES_EXPORTER?: string[];
}

/** Whether the settings ask for traces to be exported. */
export function tracingConfigured(settings: TracingSwitches): boolean {
  if (settings.OTEL_SDK_DISABLED) return false;
  const exporters = settings.OTEL_TRACES_EXPORTER ?? [];
  if (exporters.length > 0) return exporters.some((exporter) => exporter !== 'none');
  return Boolean(settings.OTEL_EXPORTER_OTLP_ENDPOINT || settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}
