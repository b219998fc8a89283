/** The telemetry settings read from the environment, and what spans keep of a query string. */

import { redactQuery } from '@shop/common/telemetry/redact.ts';
import { metricsPortFrom, tracingConfigured } from '@shop/common/telemetry/sdk.ts';
import { describe, expect, it } from 'vitest';

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

describe('metricsPortFrom', () => {
  it('takes the default when unset, 0 as off, and refuses what is not a port', () => {
    expect(metricsPortFrom(undefined, 9464)).toBe(9464);
    expect(metricsPortFrom('', 9465)).toBe(9465);
    expect(metricsPortFrom('0', 9464)).toBe(0);
    expect(metricsPortFrom('19464', 9464)).toBe(19464);
    expect(() => metricsPortFrom('metrics', 9464)).toThrow(/Invalid metrics port/);
    expect(() => metricsPortFrom('70000', 9464)).toThrow(/Invalid metrics port/);
  });
});

describe('redactQuery', () => {
  it('keeps the parameter names and drops every value', () => {
    expect(redactQuery('?keyword=red%20shoes&pageNum=2')).toBe('?keyword=REDACTED&pageNum=REDACTED');
    expect(redactQuery('ids=1,2,3&flag')).toBe('ids=REDACTED&flag=REDACTED');
    expect(redactQuery('?')).toBe('?');
  });
});
