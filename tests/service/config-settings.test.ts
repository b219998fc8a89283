/**
 * The service's settings: what does not parse is refused with the variable, the value and what
 * is accepted (by the process itself at start too), the time zone is never silently replaced, and
 * SERVICE_TRUSTED_PROXIES means what Express means by it.
 */
import { spawn } from 'node:child_process';
import { SettingsError } from '@shop/common/settings/read.ts';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../service/src/config.ts';

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe('service settings', () => {
  it('apply the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4001);
    expect(config.accessTokenTtlMs).toBe(15 * 60_000);
    expect(config.shopTimeZone).toBe('Asia/Shanghai');
    expect(config.trustedProxies).toEqual(['loopback']);
    expect(config.uploadMaxBytes).toBe(5 * 1024 * 1024);
    expect(config.httpLimits.maxConnectionsPerAddress).toBe(512);
  });

  it('refuse an unknown time zone instead of replacing it', () => {
    expect(loadConfig({ SHOP_TIME_ZONE: 'Europe/London' }).shopTimeZone).toBe('Europe/London');
    expect(refusal({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toContain(
      'SHOP_TIME_ZONE="Mars/Olympus": an IANA time zone such as Asia/Shanghai or Europe/London',
    );
  });

  it('list every bad variable at once, with what each accepts', () => {
    const message = refusal({
      ACCESS_TOKEN_TTL: '15 minutes',
      PASSWORD_HASH_CONCURRENCY: '0',
      UPLOAD_MAX_BYTES: 'big',
      DATABASE_URL: 'mysql://shop:pw@db/shop',
      PAYMENT_RETURN_URLS: 'shopapp://, app',
    });
    for (const line of [
      'ACCESS_TOKEN_TTL="15 minutes": a duration such as 500ms, 5s, 15m, 1h, 30d (a bare number is seconds)',
      'PASSWORD_HASH_CONCURRENCY="0": a whole number, 1 or more',
      'UPLOAD_MAX_BYTES="big": a size such as 100kb, 1.5mb or 32mb (a bare number is bytes)',
      'DATABASE_URL="mysql://shop:***@db/shop": a postgres:// or postgresql:// URL',
      'PAYMENT_RETURN_URLS="shopapp://, app"',
    ]) {
      expect(message).toContain(line);
    }
  });

  it('put the database under deadlines, and refuse a deadline of zero (no deadline at all)', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ statementMs: 5000, poolMs: 3000, sqliteBusyMs: 5000 });
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT: '750ms' }).databaseTimeouts.statementMs).toBe(750);
    const message = refusal({ DATABASE_STATEMENT_TIMEOUT: '0', SQLITE_BUSY_TIMEOUT: 'never' });
    expect(message).toContain(
      'DATABASE_STATEMENT_TIMEOUT="0": a duration above zero such as 500ms, 5s (a bare number is seconds)',
    );
    expect(message).toContain('SQLITE_BUSY_TIMEOUT="never"');
  });

  it('SERVICE_TRUSTED_PROXIES: a hop count is hops, a typo is refused', async () => {
    const config = loadConfig({ SERVICE_TRUSTED_PROXIES: '1' });
    expect(config.trustedProxies).toBe(1);
    const app = express();
    app.set('trust proxy', config.trustedProxies);
    app.get('/', (req, res) => {
      res.send(req.ip);
    });
    expect((await request(app).get('/').set('x-forwarded-for', '203.0.113.9')).text).toBe('203.0.113.9');
    expect(loadConfig({ SERVICE_TRUSTED_PROXIES: '10.0.0.5, 10.1.0.0/16' }).isTrustedProxy('10.1.9.9')).toBe(
      true,
    );
    expect(refusal({ SERVICE_TRUSTED_PROXIES: '10.1.0.0/16,10.0.0.256' })).toContain(
      'SERVICE_TRUSTED_PROXIES="10.1.0.0/16,10.0.0.256": true, false, a hop count',
    );
  });

  it('the service process stops at start on a bad value, saying why on stderr without a stack', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'service/src/main.ts'], {
      env: { ...process.env, SERVICE_PORT: '0', SHOP_TIME_ZONE: 'Mars/Olympus', REGISTER_WINDOW: '1w' },
      stdio: ['ignore', 'ignore', 'pipe'],
      // A service that wrongly starts is stopped rather than left running past the test.
      signal: AbortSignal.timeout(20_000),
    });
    child.on('error', () => {});
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('shop service: settings refused, nothing started:');
    expect(stderr).toContain('SHOP_TIME_ZONE="Mars/Olympus"');
    expect(stderr).toContain('REGISTER_WINDOW="1w"');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
