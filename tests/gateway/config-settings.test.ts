// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * The gateway's settings: durations with units mean what they say, a value that does not parse
 * is refused with the variable, the value and what is accepted (all of them at once, and by the
 * process itself at start), and GATEWAY_TRUST_PROXY means what Express means by it.
 */
import { spawn } from 'node:child_process';
import { SettingsError } from '@shop/common/settings/read.ts';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config.ts';
import { startGatewayHarness } from './harness.ts';

const load = (env: Record<string, string>) => loadGatewayConfig({ SESSION_SECRET: 'x', ...env });

/** The refusal's text, or a failure when the settings were accepted. */
function refusal(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(SettingsError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
}

describe('durations', () => {
  it('read cache lifetimes with units as seconds, a bare number as seconds', () => {
    expect(load({ GATEWAY_STOCK_MAX_AGE: '5s' }).stockMaxAge).toBe(5);
    expect(load({ GATEWAY_STOCK_MAX_AGE: '5' }).stockMaxAge).toBe(5);
    expect(load({ GATEWAY_PUBLIC_MAX_AGE: '2m' }).publicMaxAge).toBe(120);
    expect(load({ GATEWAY_RESOURCES_MAX_AGE: '0' }).resourcesMaxAge).toBe(0);
  });

  it('read the page timings as milliseconds when bare, and take units too', () => {
    expect(load({ WEB_SSR_STREAM_AFTER_MS: '150' }).pages.streamAfterMs).toBe(150);
    expect(load({ WEB_SSR_DEADLINE_MS: '3s' }).pages.deadlineMs).toBe(3000);
  });

  it('apply the documented defaults when unset or blank', () => {
    const config = load({ GATEWAY_STOCK_MAX_AGE: '', UPSTREAM_TIMEOUT: ' ' });
    expect(config.stockMaxAge).toBe(5);
    expect(config.publicMaxAge).toBe(30);
    expect(config.upstreamTimeoutMs).toBe(20_000);
    expect(config.pages.deadlineMs).toBe(3000);
    expect(config.uploadMaxBytes).toBe(5 * 1024 * 1024);
    expect(config.port).toBe(4000);
    expect(config.trustProxy).toBe(false);
    expect(config.httpLimits).toMatchObject({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      maxConnectionsPerAddress: 128,
    });
  });
});

describe('refusals', () => {
  it('name the variable, the value and what is accepted', () => {
    expect(refusal({ GATEWAY_STOCK_MAX_AGE: '5x' })).toContain(
      'GATEWAY_STOCK_MAX_AGE="5x": a duration in whole seconds such as 5s, 15m, 1h (a bare number is seconds)',
    );
    expect(refusal({ GATEWAY_STOCK_MAX_AGE: '1500ms' })).toContain('GATEWAY_STOCK_MAX_AGE="1500ms"');
    expect(refusal({ UPSTREAM_TIMEOUT: '1.5h' })).toContain(
      'UPSTREAM_TIMEOUT="1.5h": a duration such as 500ms, 5s, 15m, 1h, 30d (a bare number is seconds)',
    );
  });

  it('list every bad variable in one message', () => {
    const message = refusal({
      GATEWAY_STOCK_MAX_AGE: '5x',
      GATEWAY_RESPONSE_CACHE_BYTES: 'lots',
      GATEWAY_PLAYGROUND: 'maybe',
      UPSTREAM_CONNECTIONS: '-1',
      GATEWAY_PORT: '99999',
      LOG_LEVEL: 'loud',
    });
    for (const name of [
      'GATEWAY_STOCK_MAX_AGE="5x"',
      'GATEWAY_RESPONSE_CACHE_BYTES="lots": a size such as',
      'GATEWAY_PLAYGROUND="maybe": true or false',
      'UPSTREAM_CONNECTIONS="-1": a whole number, 1 or more',
      'GATEWAY_PORT="99999": a port number from 0 to 65535',
      'LOG_LEVEL="loud": one of fatal, error, warn, info, debug, trace, silent',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('take only redis:// and rediss:// for REDIS_URL, and never echo its password', () => {
    expect(load({ REDIS_URL: 'rediss://:s3cret@cache.example:6380/0' }).redisUrl).toBe(
      'rediss://:s3cret@cache.example:6380/0',
    );
    const message = refusal({ REDIS_URL: 'http://:s3cret@cache.example:6379' });
    expect(message).toContain('REDIS_URL="http://:***@cache.example:6379": a redis:// or rediss://');
    expect(message).not.toContain('s3cret');
  });

  it('refuses a port browsers will not open, naming it', () => {
    for (const [name, value] of [
      ['GATEWAY_PORT', '6000'],
      ['PORT', '10080'],
    ] as const) {
      expect(refusal({ [name]: value })).toContain(
        `${name}="${value}": ${value} is one of the ports browsers and fetch refuse to open`,
      );
    }
    expect(load({ GATEWAY_PORT: '6001' }).port).toBe(6001);
  });

  it('refuse URLs that are not http(s) for the service and the public origin', () => {
    expect(refusal({ SHOP_SERVICE_URL: 'localhost:4001' })).toContain('SHOP_SERVICE_URL="localhost:4001"');
    expect(load({ PUBLIC_ORIGIN: 'https://shop.example/' }).publicOrigin).toBe('https://shop.example');
  });
});

describe('GATEWAY_TRUST_PROXY', () => {
  /** What Express calls the client of a request from 127.0.0.1 carrying X-Forwarded-For. */
  async function clientSeen(trustProxy: string, forwardedFor: string): Promise<string> {
    const app = express();
    app.set('trust proxy', load({ GATEWAY_TRUST_PROXY: trustProxy }).trustProxy);
    app.get('/', (req, res) => {
      res.send(req.ip);
    });
    const res = await request(app).get('/').set('x-forwarded-for', forwardedFor);
    return res.text;
  }

  it('reads a hop count as hops: one hop believes the nearest peer', async () => {
    expect(load({ GATEWAY_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(await clientSeen('1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientSeen('1', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientSeen('2', '198.51.100.1, 203.0.113.9')).toBe('198.51.100.1');
  });

  it('reads names, addresses and subnets as Express does', async () => {
    expect(await clientSeen('loopback', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientSeen('10.0.0.0/8, 127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientSeen('10.0.0.0/8', '203.0.113.9')).toMatch(/127\.0\.0\.1$/);
    expect(await clientSeen('false', '203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  });

  it('says whether a peer is a trusted proxy, for the per-address bound', () => {
    const subnet = load({ GATEWAY_TRUST_PROXY: '10.0.0.0/8, loopback' });
    expect(subnet.isTrustedProxy('10.1.2.3')).toBe(true);
    expect(subnet.isTrustedProxy('::1')).toBe(true);
    expect(subnet.isTrustedProxy('192.0.2.1')).toBe(false);
    expect(load({ GATEWAY_TRUST_PROXY: '1' }).isTrustedProxy('192.0.2.1')).toBe(true);
    expect(load({ GATEWAY_TRUST_PROXY: '0' }).isTrustedProxy('127.0.0.1')).toBe(false);
    expect(load({}).isTrustedProxy('127.0.0.1')).toBe(false);
  });

  it('refuses a bad address, subnet or name', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0.300', '10.0.0/8', 'loopbak', '127.0.0.1, fe80::/129', '1.5']) {
      expect(refusal({ GATEWAY_TRUST_PROXY: bad }), bad).toContain(
        `GATEWAY_TRUST_PROXY=${JSON.stringify(bad)}: true, false, a hop count`,
      );
    }
  });

  it('a hop count reaches the service as the client the balancer named', async () => {
    const h = await startGatewayHarness({ gatewayEnv: { GATEWAY_TRUST_PROXY: '1' } });
    try {
      await h.gql<any>(
        'mutation($input: LoginInput!) { login(input: $input) { userErrors { code } } }',
        { input: { account: 'nobody_hop', password: 'wrong-pass1' } },
        { localAddress: '127.0.0.1', headers: { 'X-Forwarded-For': '203.0.113.9' } },
      );
      const rows = await h.service.ctx.db
        .selectFrom('login_failures')
        .select('throttle_key')
        .where('throttle_key', 'like', 'ip:%')
        .execute();
      expect(rows.map((row) => row.throttle_key)).toEqual(['ip:203.0.113.9']);
    } finally {
      await h.close();
    }
  });
});

describe('the gateway process', () => {
  /** Runs the gateway (as npm start does, or main.ts alone) and collects its exit and stderr. */
  function start(
    env: Record<string, string>,
    entry: string[],
  ): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', ...entry], {
      env: { ...process.env, GATEWAY_PORT: '0', GATEWAY_METRICS_PORT: '0', SESSION_SECRET: 'x', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      // A gateway that wrongly starts is stopped rather than left running past the test.
      signal: AbortSignal.timeout(20_000),
    });
    child.on('error', () => {});
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
  }

  it.each([
    ['with its telemetry', ['--import', './gateway/src/telemetry/register.ts', 'gateway/src/main.ts']],
    ['on its own', ['gateway/src/main.ts']],
  ])('stops at start %s on a bad value, saying why on stderr without a stack', async (_how, entry) => {
    const { code, stderr } = await start(
      { GATEWAY_STOCK_MAX_AGE: '5x', GATEWAY_TRUST_PROXY: '10.0.0.0/33' },
      entry,
    );
    expect(code).toBe(1);
    expect(stderr).toContain('shop gateway: settings refused, nothing started:');
    expect(stderr).toContain('GATEWAY_STOCK_MAX_AGE="5x": a duration in whole seconds');
    expect(stderr).toContain('GATEWAY_TRUST_PROXY="10.0.0.0/33"');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
