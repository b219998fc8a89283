/** The telemetry settings read from the environment, and what spans keep of a query string. */

import { readSettings } from '@shop/common/settings/read.ts';
import { tracingConfigured as traced } from '@shop/common/settings/telemetry.ts';
import { redactQuery } from '@shop/common/telemetry/redact.ts';
import { describe, expect, it } from 'vitest';
import { gatewaySettings } from '../../gateway/src/settings.ts';
import { serviceSettings } from '../../service/src/settings.ts';

const tracingConfigured = (env: Record<string, string>) => traced(readSettings(gatewaySettings, env));

describe('tracingConfigured', () => {
  it('is off unless an OTLP endpoint or a traces exporter is named', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingConfigured({ OTEL_TRACES_EXPORTER: 'otlp' })).toBe(true);
  });

  it('stays off when told so, endpoint or not', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingConfigured({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingConfigured({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});

describe('the metrics ports', () => {
  const gatewayPort = (value?: string) =>
    readSettings(gatewaySettings, { GATEWAY_METRICS_PORT: value }).GATEWAY_METRICS_PORT;
  const servicePort = (value?: string) =>
    readSettings(serviceSettings, { SERVICE_METRICS_PORT: value }).SERVICE_METRICS_PORT;

  it('take the default when unset, 0 as off, and refuse what is not a port', () => {
    expect(gatewayPort(undefined)).toBe(9464);
    expect(servicePort('')).toBe(9465);
    expect(gatewayPort('0')).toBe(0);
    expect(servicePort('19464')).toBe(19464);
    expect(() => gatewayPort('metrics')).toThrow(
      'GATEWAY_METRICS_PORT="metrics": a port number from 0 to 65535',
    );
    expect(() => servicePort('70000')).toThrow('SERVICE_METRICS_PORT="70000": a port number from 0 to 65535');
  });

  it('refuse an OTLP endpoint that is not a URL and a misspelt exporter', () => {
    expect(() => tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT="collector:4318"',
    );
    expect(() => tracingConfigured({ OTEL_TRACES_EXPORTER: 'otpl' })).toThrow('OTEL_TRACES_EXPORTER="otpl"');
  });
});

describe('redactQuery', () => {
  it('keeps the parameter names and drops every value', () => {
    expect(redactQuery('?keyword=red%20shoes&pageNum=2')).toBe('?keyword=REDACTED&pageNum=REDACTED');
    expect(redactQuery('ids=1,2,3&flag')).toBe('ids=REDACTED&flag=REDACTED');
    expect(redactQuery('?')).toBe('?');
  });
});
