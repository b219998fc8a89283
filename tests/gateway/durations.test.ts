import { durationMs } from '@shop/common/duration.ts';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config.ts';
import { loadConfig } from '../../service/src/config.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('durations in configuration', () => {
  it('reads every unit, and a bare number as seconds unless told milliseconds', () => {
    expect(durationMs('250ms')).toBe(250);
    expect(durationMs('900')).toBe(900_000);
    expect(durationMs('2s')).toBe(2000);
    expect(durationMs(' 15m ')).toBe(15 * 60_000);
    expect(durationMs('12h')).toBe(12 * HOUR);
    expect(durationMs('30d')).toBe(30 * DAY);
    expect(durationMs('150', 'ms')).toBe(150);
    expect(durationMs('3s', 'ms')).toBe(3000);
  });

  it('refuses what is not a whole number with a known unit', () => {
    for (const bad of ['1.5h', '-5s', '10w', 'h', '5 m', 'soon', '', '99999999999999999999d']) {
      expect(durationMs(bad), bad).toBeNull();
    }
  });

  it('gives the gateway, the service and the socket limits the same syntax, hours and days included', () => {
    const gateway = loadGatewayConfig({
      SESSION_SECRET: 'x',
      DATA_DIR: '/tmp',
      UPSTREAM_TIMEOUT: '1h',
      SESSION_TTL: '7d',
    });
    expect(gateway.upstreamTimeoutMs).toBe(HOUR);
    expect(gateway.session.ttlMs).toBe(7 * DAY);

    const service = loadConfig({ DATA_DIR: '/tmp', ACCESS_TOKEN_TTL: '2h', REFRESH_TOKEN_TTL: '7d' });
    expect(service.accessTokenTtlMs).toBe(2 * HOUR);
    expect(service.refreshTokenTtlMs).toBe(7 * DAY);

    const limits = { HTTP_REQUEST_TIMEOUT: '1h', HTTP_KEEP_ALIVE_TIMEOUT: '1d' };
    for (const { httpLimits } of [
      loadConfig(limits),
      loadGatewayConfig({ SESSION_SECRET: 'x', ...limits }),
    ]) {
      expect(httpLimits.requestTimeoutMs).toBe(HOUR);
      expect(httpLimits.keepAliveTimeoutMs).toBe(DAY);
    }
  });
});
