/**
 * What a real gateway reads from the page cache in a real Redis is data: an entry overwritten with
 * garbage or crafted (a year's Cache-Control, a script source of `'unsafe-inline'`) is a miss and
 * the page is rendered, never a 500; a page that passes the checks is answered with the gateway's
 * own headers, never with header text from the entry. The server entry is a stand-in (no build).
 */
import fs from 'node:fs';
import { createClient } from '@redis/client';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

const probe = { renders: 0 };
(globalThis as { __pageEntriesProbe?: typeof probe }).__pageEntriesProbe = probe;

const ENTRY = `
const probe = globalThis.__pageEntriesProbe;
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  const n = ++probe.renders;
  return {
    kind: 'page',
    status: 200,
    head: { title: 'page', description: '', canonical: url.href, alternates: [], meta: [] },
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({}),
    pipe: (into) => into.end('<p>render ' + n + '</p>'),
  };
}
`;

const IGNORED = 'page cache entry is not a page this gateway stored: rendered instead';
const YEAR = 'public, max-age=31536000';

describe('gateway: stored pages in Redis are checked, and answered with the gateway’s own headers', () => {
  let redis: RedisServer;
  let raw: ReturnType<typeof createClient>;
  let h: GatewayHarness;
  let dist: string;
  const lines: Array<{ level: number; msg: string; fault?: string }> = [];

  const get = async (address: string) => {
    const res = await fetch(`${h.url}${address}`, { headers: { accept: 'text/html' } });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const scriptSrc = (headers: Headers) =>
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .find((part) => part.trim().startsWith('script-src')) ?? '';
  /** The Redis key of the one stored page whose address holds `marker`. */
  const keyOf = async (marker: string) => {
    const keys = (await raw.keys('shop:page:*')).filter((key) => key.includes(marker));
    expect(keys).toHaveLength(1);
    return keys[0];
  };
  const overwrite = (key: string, value: string) =>
    raw.set(key, value, { expiration: { type: 'EX', value: 60 } });

  beforeAll(async () => {
    redis = await startRedis();
    raw = createClient({ url: redis.url });
    await raw.connect();
    let bundle: string;
    ({ dist, bundle } = standInBuild(ENTRY));
    h = await startGatewayHarness({
      // REDIS_TIMEOUT: no page write dropped on a loaded machine (the test reads what was stored)
      gatewayEnv: {
        REDIS_URL: redis.url,
        REDIS_TIMEOUT: '1s',
        WEB_DIST: dist,
        WEB_SSR_BUNDLE: bundle,
        GATEWAY_PUBLIC_MAX_AGE: '30',
      },
      logger: pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) }),
    });
  });
  afterAll(async () => {
    raw?.destroy();
    await h?.close();
    await redis?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('renders the page over an entry of garbage, and says so once at warn', async () => {
    const first = await get('/home?entry=garbage');
    expect(first.status).toBe(200);
    await overwrite(await keyOf('entry=garbage'), 'garbage{{');
    const again = await get('/home?entry=garbage');
    expect(again.status).toBe(200);
    expect(again.headers.get('server-timing')).toMatch(/^render;dur=/);
    expect(again.html).toContain(`render ${probe.renders}`);
    expect(
      lines.filter((line) => line.level === 40 && line.msg === IGNORED && line.fault === 'json'),
    ).toHaveLength(1);
  });

  it("renders the page over a crafted entry: neither its year's max-age nor 'unsafe-inline' is sent", async () => {
    const first = await get('/home?entry=crafted');
    const key = await keyOf('entry=crafted');
    const stored = JSON.parse((await raw.get(key)) as string);
    const year = Date.now() + 365 * 86_400_000;
    await overwrite(
      key,
      JSON.stringify({
        ...stored,
        html: '<p>crafted</p>',
        scriptHashes: ["'unsafe-inline'"],
        cacheControl: YEAR,
        expiresAt: year,
        staleUntil: year,
      }),
    );
    const again = await get('/home?entry=crafted');
    expect(again.status).toBe(200);
    expect(again.html).not.toContain('crafted</p>');
    expect(again.headers.get('cache-control')).not.toContain('31536000');
    expect(scriptSrc(again.headers)).not.toContain("'unsafe-inline'");
    expect(parseCacheControl(again.headers.get('cache-control') ?? '').maxAge).toBe(
      parseCacheControl(first.headers.get('cache-control') ?? '').maxAge,
    );
  });

  it("answers a stored page with the gateway's Cache-Control, never the one in the entry", async () => {
    await get('/home?entry=header');
    const key = await keyOf('entry=header');
    const stored = JSON.parse((await raw.get(key)) as string);
    await overwrite(key, JSON.stringify({ ...stored, cacheControl: YEAR }));
    const hit = await get('/home?entry=header');
    expect(hit.headers.get('server-timing')).toBe('page-cache;desc=hit');
    const policy = parseCacheControl(hit.headers.get('cache-control') ?? '');
    expect(policy.public).toBe(true);
    expect(policy.maxAge).toBeGreaterThan(0);
    expect(policy.maxAge).toBeLessThanOrEqual(30);
    // the page's own scripts, by the hashes that were checked, and nothing else inline
    expect(scriptSrc(hit.headers).match(/'sha256-[^']+'/g)).toEqual(stored.scriptHashes);
    expect(scriptSrc(hit.headers)).not.toContain("'unsafe-inline'");
  });
});
