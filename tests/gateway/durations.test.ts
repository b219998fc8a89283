import fs from 'node:fs';
import path from 'node:path';
import { parseDuration } from '@shop/common/duration.ts';
import { httpLimitsFrom } from '@shop/common/http-limits.ts';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config.ts';
import { loadConfig } from '../../service/src/config.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('durations in configuration', () => {
  it('reads every unit, seconds when none is given, and the fallback when unset', () => {
    expect(parseDuration('250ms', 0)).toBe(250);
    expect(parseDuration('900', 0)).toBe(900_000);
    expect(parseDuration('2s', 0)).toBe(2000);
    expect(parseDuration(' 15m ', 0)).toBe(15 * 60_000);
    expect(parseDuration('12h', 0)).toBe(12 * HOUR);
    expect(parseDuration('30d', 0)).toBe(30 * DAY);
    expect(parseDuration(undefined, 42)).toBe(42);
    expect(parseDuration('', 42)).toBe(42);
  });

  it('refuses what is not a whole number with a known unit', () => {
    for (const bad of ['1.5h', '-5s', '10w', 'h', '5 m', 'soon']) {
      expect(() => parseDuration(bad, 0), bad).toThrow(`Invalid duration: ${bad}`);
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
    expect(gateway.sessionTtlMs).toBe(7 * DAY);

    const service = loadConfig({ DATA_DIR: '/tmp', ACCESS_TOKEN_TTL: '2h', REFRESH_TOKEN_TTL: '7d' });
    expect(service.accessTokenTtlMs).toBe(2 * HOUR);
    expect(service.refreshTokenTtlMs).toBe(7 * DAY);

    const defaults = {
      headersTimeoutMs: 1,
      requestTimeoutMs: 1,
      keepAliveTimeoutMs: 1,
      maxConnectionsPerAddress: 0,
    };
    const limits = httpLimitsFrom({ HTTP_REQUEST_TIMEOUT: '1h', HTTP_KEEP_ALIVE_TIMEOUT: '1d' }, defaults);
    expect(limits.requestTimeoutMs).toBe(HOUR);
    expect(limits.keepAliveTimeoutMs).toBe(DAY);
  });

  it('is written once: no other source parses a duration with its own pattern', () => {
    const roots = ['common', 'gateway/src', 'service/src', 'web/src'];
    const copies: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== '__generated__') visit(file);
        } else if (/\.tsx?$/.test(entry.name) && file !== path.join('common', 'duration.ts')) {
          const text = fs.readFileSync(file, 'utf8');
          if (/function (parseDuration|duration)\b|\(ms\|s\|m/.test(text)) copies.push(file);
        }
      }
    };
    for (const root of roots) visit(root);
    expect(copies).toEqual([]);
  });
});
