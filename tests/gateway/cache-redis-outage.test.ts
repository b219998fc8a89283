/**
 * A real gateway (with the real service) whose caches live in a real redis-server, which is
 * paused mid-run (SIGSTOP: the connection stays open and nothing is answered, as with a full
 * disk or a long fork). Every GraphQL request and every page must still be answered within a
 * second, with the cache bypassed; once Redis goes on (SIGCONT) the cache is used again, which an
 * entry written after the resume and then read back proves.
 */

import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

/** Every page asks the response cache too, for suggestions of its own path. */
const ENTRY = `
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  await input.execute({
    query: 'query Page($k: String!) { searchSuggestions(keyword: $k) { text } }',
    variables: { k: url.pathname },
    operationName: 'Page',
  });
  return {
    kind: 'page',
    status: 200,
    head: { title: 'page', description: '', canonical: url.href, alternates: [], meta: [] },
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({}),
    pipe: (into) => into.end('<p>' + url.pathname + '</p>'),
  };
}
`;

/** What "answered" means here: within this, or the request is given up and the test fails. */
const ANSWER_MS = 1_000;
/** How long the requests keep coming while Redis is paused: past the breaker's first probes. */
const PAUSED_MS = 2_500;

describe('gateway: a paused Redis holds no answer up', () => {
  let redis: RedisServer;
  let h: GatewayHarness;
  let dist: string;
  const logged: Array<{ level: number; msg: string }> = [];

  const timed = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const res = await fetch(`${h.url}${path}`, { ...init, signal: AbortSignal.timeout(ANSWER_MS) });
    const body = await res.text();
    return { status: res.status, body, ms: performance.now() - started };
  };
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await timed('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = JSON.parse(res.body);
    return { ...res, data: body.data, upstreamCalls: body.extensions?.upstreamCalls as number | undefined };
  };
  const page = (path: string) => timed(path, { headers: { accept: 'text/html' } });
  const categories = () => gql('{ categories { id name } }');
  const suggestions = (k: string) =>
    gql('query($k: String!) { searchSuggestions(keyword: $k) { text } }', { k });

  beforeAll(async () => {
    redis = await startRedis();
    ({ dist } = standInBuild(ENTRY));
    h = await startGatewayHarness({
      gatewayEnv: { REDIS_URL: redis.url, WEB_DIST: dist, WEB_SSR_BUNDLE: `${dist}/ssr/entry-server.js` },
      logger: pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
    });
  });
  afterAll(async () => {
    redis?.resume();
    await h?.close();
    await redis?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every request within a second while Redis is paused, and uses it again once it goes on', async () => {
    // The response cache, in Redis, before the pause (a loaded machine may miss a deadline or two).
    await vi.waitFor(
      async () => {
        await categories();
        expect((await categories()).upstreamCalls).toBe(0);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect((await page('/')).status).toBe(200);

    redis.pause();
    const pausedAt = performance.now();
    let round = 0;
    while (performance.now() - pausedAt < PAUSED_MS) {
      round += 1;
      const answers = await Promise.all([
        categories(),
        suggestions(`paused ${round}`),
        page('/'),
        page(`/paused-${round}`),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.ms).toBeLessThan(ANSWER_MS);
      }
      expect(answers[0].data.categories.length).toBeGreaterThan(0);
    }

    redis.resume();
    let attempt = 0;
    await vi.waitFor(
      async () => {
        attempt += 1;
        const keyword = `resumed ${attempt}`;
        expect((await suggestions(keyword)).status).toBe(200);
        expect((await suggestions(keyword)).upstreamCalls).toBe(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The outage said once at warn, the recovery once at info.
    const said = (text: string) =>
      logged.filter((line) => line.msg.startsWith(text)).map((line) => line.level);
    expect(said('redis cache unavailable')).toEqual([40]);
    expect(said('redis cache answering again')).toEqual([30]);
  });
});
