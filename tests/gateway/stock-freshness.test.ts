/**
 * Stock is never shown longer than GATEWAY_STOCK_MAX_AGE after it changed, counting every cache on
 * the way: the response cache and the page cache (both in a real Redis here), and whoever keeps the
 * answer after it (a browser, which counts from the max-age and Age it is given). The stock of a
 * product is changed in the service's database under a warm cache, and the GraphQL product query
 * and a page rendered from it are polled until both show the new stock. The server entry is a
 * stand-in (no build) that renders the product's stock with the very query the test sends, so the
 * page reads the answer the test's first query left in the response cache.
 */
import fs from 'node:fs';
import { parse as parseCacheControl } from '@tusbar/cache-control';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

const PRODUCT = 'query ProductStock($id: ID!) { product(id: $id) { id stock } }';
const LANGUAGE = 'zh-CN';
const BOUND_SECONDS = 3;

const ENTRY = `
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  const result = await input.execute({
    query: ${JSON.stringify(PRODUCT)},
    variables: { id: url.searchParams.get('id') },
    operationName: 'ProductStock',
  });
  return {
    kind: 'page',
    status: 200,
    head: { title: 'product', description: '', canonical: url.href, alternates: [], meta: [] },
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({}),
    pipe: (into) => into.end('<p>stock=' + result.data.product.stock + '=</p>'),
  };
}
`;

/** One answer as a client saw it: when it was asked for, the stock shown, and how long it may be kept. */
interface Seen {
  what: 'graphql' | 'page';
  askedAt: number;
  stock: number;
  maxAge: number;
  age: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('gateway: stock under a warm cache', () => {
  let redis: RedisServer;
  let h: GatewayHarness;
  let dist: string;

  beforeAll(async () => {
    redis = await startRedis();
    let bundle: string;
    ({ dist, bundle } = standInBuild(ENTRY));
    h = await startGatewayHarness({
      gatewayEnv: {
        REDIS_URL: redis.url,
        // the caches must hold for the test to mean anything: no dropped command on a loaded machine
        REDIS_TIMEOUT: '1s',
        WEB_DIST: dist,
        WEB_SSR_BUNDLE: bundle,
        GATEWAY_STOCK_MAX_AGE: String(BOUND_SECONDS),
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('never shows the old stock past the bound, and never lets a client keep it longer', async () => {
    const db = h.service.ctx.db;
    const row = await db
      .selectFrom('products')
      .select(['id', 'stock'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const id = String(row.id);

    const ask = async (what: Seen['what']): Promise<Seen> => {
      const askedAt = Date.now();
      let stock: number;
      let headers: (name: string) => string | null;
      if (what === 'graphql') {
        const res = await h.gql<{ product: { stock: number } }>(
          PRODUCT,
          { id },
          {
            headers: { 'accept-language': LANGUAGE },
            operationName: 'ProductStock',
          },
        );
        expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
        stock = res.data!.product.stock;
        headers = (name) => (res.headers[name] as string | undefined) ?? null;
      } else {
        const res = await fetch(`${h.url}/stock?id=${encodeURIComponent(id)}`, {
          headers: { accept: 'text/html', 'accept-language': LANGUAGE },
        });
        const html = await res.text();
        expect(res.status, html).toBe(200);
        stock = Number(/stock=(\d+)=/.exec(html)?.[1]);
        headers = (name) => res.headers.get(name);
      }
      const policy = parseCacheControl(headers('cache-control') ?? '');
      return {
        what,
        askedAt,
        stock,
        maxAge: policy.public && !policy.noStore ? (policy.maxAge ?? 0) : 0,
        age: Number(headers('age') ?? 0),
      };
    };

    // The answer enters the response cache; the stock changes right after.
    const warm = await ask('graphql');
    expect(warm.stock).toBe(row.stock);
    const newStock = row.stock + 7;
    await db.updateTable('products').set({ stock: newStock }).where('id', '=', row.id).execute();
    const changedAt = Date.now();

    // Poll both until both show the new stock; the page is first asked for a third of the bound
    // later, so it is rendered from an answer that has already spent that long in the cache.
    const seen: Seen[] = [warm];
    const newShown = { graphql: false, page: false };
    const deadline = changedAt + 3 * BOUND_SECONDS * 1000;
    while (!(newShown.graphql && newShown.page) && Date.now() < deadline) {
      const wanted: Seen['what'][] =
        Date.now() - warm.askedAt >= (BOUND_SECONDS * 1000) / 3 ? ['graphql', 'page'] : ['graphql'];
      for (const what of wanted) {
        const answer = await ask(what);
        seen.push(answer);
        if (answer.stock === newStock) newShown[what] = true;
      }
      await pause(50);
    }
    expect(newShown).toEqual({ graphql: true, page: true });
    // the page was rendered from the answer the cache kept (else this test proves nothing)
    expect(seen.some((answer) => answer.what === 'page' && answer.stock === row.stock)).toBe(true);

    const boundMs = BOUND_SECONDS * 1000;
    for (const answer of seen) {
      // Fresh for no longer than the bound, however it is counted.
      expect(answer.maxAge + answer.age, JSON.stringify(answer)).toBeLessThanOrEqual(BOUND_SECONDS);
      if (answer.stock !== row.stock) continue;
      // The old stock: shown within the bound after it changed, and kept by a client, whether it
      // honours Age or not, no later than that either.
      expect(answer.askedAt - changedAt, JSON.stringify(answer)).toBeLessThanOrEqual(boundMs);
      expect(
        answer.askedAt + (answer.maxAge - answer.age) * 1000 - changedAt,
        JSON.stringify(answer),
      ).toBeLessThanOrEqual(boundMs);
      expect(answer.askedAt + answer.maxAge * 1000 - changedAt, JSON.stringify(answer)).toBeLessThanOrEqual(
        boundMs,
      );
    }
  });
});
