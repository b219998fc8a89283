// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * What shoppers see follows a back-office edit at once, with every cache on: the product, a goods
 * list, search, suggestions (GraphQL) and the server-rendered page are read until the response
 * cache and the page cache keep them, the admin changes the product's price and name with
 * `updateProduct`, and every one of them shows the change (the old name no longer finds it) — on
 * the same gateway at once with the caches in memory, and on another gateway sharing a real Redis
 * within 2 s, every time (measured).
 * The server entry is a stand-in that renders the product's name and price from the real schema,
 * so the page's lifetime (30 s here) comes from the gateway's cache policy.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../../gateway/src/server.ts';
import { type RedisServer, startRedis } from '../../scripts/redis.ts';
import { closeServer, startGatewayHarness } from './harness.ts';
import { standInBuild } from './stand-in-build.ts';

const ENTRY = `
export const renderCookies = [];
export async function render(input) {
  const url = new URL(input.request.url);
  const id = url.pathname.split('/').pop();
  const result = await input.execute({
    query: 'query GoodsPrice($id: ID!) { product(id: $id) { id name price { fen } } }',
    variables: { id },
    operationName: 'GoodsPrice',
  });
  const product = result.data && result.data.product;
  return {
    kind: 'page',
    status: 200,
    head: { title: 'goods', description: '', canonical: url.href, alternates: [], meta: [] },
    modules: [],
    styles: '',
    complete: true,
    apolloState: () => ({ product }),
    pipe: (into) => into.end('<p data-price="' + (product ? product.price.fen : '') + '">' + (product ? product.name : '') + '</p>'),
  };
}
`;

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const CREATE = `mutation($input: CreateProductInput!) {
  createProduct(input: $input) { product { id version } userErrors { code message } } }`;
const UPDATE = `mutation($input: UpdateProductInput!) {
  updateProduct(input: $input) { product { id version } userErrors { code message } } }`;
const PRODUCT = 'query($id: ID!) { product(id: $id) { id name price { fen } } }';
const LIST = 'query($k: String!) { products(filter: { keyword: $k }) { records { id name price { fen } } } }';
const SEARCH =
  'query($k: String!) { productSearch(keyword: $k) { hits { product { id name price { fen } } } } }';
const SUGGEST = 'query($k: String!) { searchSuggestions(keyword: $k) { kind text productId } }';
/** Shoppers' answers are in one language: it is part of every cache key. */
const LANGUAGE = 'en-GB';

/** A Latin word the index reads as one word and no seeded product has. */
const word = () => Array.from({ length: 9 }, () => 'bcdfghjkmnpqrstvwxz'[randomInt(19)]).join('');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  url: string;
}

/** What a shopper on `at` sees of the product, through each cached path. */
async function seen(at: Instance, id: string, listWord: string, nameWord: string, oldWord: string) {
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(`${at.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': LANGUAGE },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as any;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const [product, list, search, byOldName, suggestions, page] = await Promise.all([
    gql(PRODUCT, { id }),
    gql(LIST, { k: listWord }),
    gql(SEARCH, { k: listWord }),
    gql(SEARCH, { k: oldWord }),
    gql(SUGGEST, { k: nameWord }),
    fetch(`${at.url}/goods/detail/${id}`, {
      headers: { accept: 'text/html', 'accept-language': LANGUAGE },
    }).then((res) => res.text()),
  ]);
  const listed = list.products.records.find((p: any) => p.id === id);
  const found = search.productSearch.hits.find((hit: any) => hit.product.id === id)?.product;
  return {
    product: `${product.product.name}|${product.product.price.fen}`,
    list: listed ? `${listed.name}|${listed.price.fen}` : null,
    search: found ? `${found.name}|${found.price.fen}` : null,
    byOldName: byOldName.productSearch.hits.some((hit: any) => hit.product.id === id),
    suggested: suggestions.searchSuggestions.some(
      (s: any) => s.productId === id && s.text.includes(nameWord),
    ),
    page: /data-price="(\d+)">([^<]*)</.exec(page)?.slice(1).reverse().join('|') ?? null,
  };
}

/** What `seen` answers once every path shows the product as `name` at `fen` (renamed). */
const showing = (name: string, fen: number) => ({
  product: `${name}|${fen}`,
  list: `${name}|${fen}`,
  search: `${name}|${fen}`,
  byOldName: false,
  suggested: true,
  page: `${name}|${fen}`,
});

async function world(redis: RedisServer | undefined) {
  const { dist, bundle } = standInBuild(ENTRY);
  const h = await startGatewayHarness({
    gatewayEnv: {
      WEB_DIST: dist,
      WEB_SSR_BUNDLE: bundle,
      GATEWAY_PUBLIC_MAX_AGE: '30',
      // a generous deadline: a loaded machine must not turn Redis into an outage mid-test
      ...(redis ? { REDIS_URL: redis.url, REDIS_TIMEOUT: '1s' } : {}),
    },
  });
  const jar = h.jar();
  const login = await h.gql(LOGIN, { input: { account: 'admin', password: 'admin123' } }, { jar });
  expect(login.errors).toBeUndefined();
  let other: { gateway: Gateway; server: http.Server; url: string } | undefined;
  if (redis) {
    // A second gateway of the same cluster: same service, session key and Redis.
    const gateway = await createGateway(h.config, { logger: pino({ level: 'silent' }) });
    const server = http.createServer(gateway.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    other = { gateway, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }
  const category = await h.service.ctx.db
    .selectFrom('categories')
    .select('id')
    .where('parent_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const admin = async (query: string, input: Record<string, unknown>) => {
    const res = await h.gql<any>(query, { input }, { jar });
    expect(res.errors).toBeUndefined();
    const payload = Object.values(res.data as object)[0] as any;
    expect(payload.userErrors).toEqual([]);
    return payload.product as { id: string; version: number };
  };
  return {
    h,
    writer: { url: h.url },
    reader: other ? { url: other.url } : { url: h.url },
    admin,
    categoryId: String(category.id),
    async close() {
      if (other) {
        await closeServer(other.server);
        await other.gateway.close();
      }
      await h.close();
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

/**
 * Edits the product `rounds` times and answers how long each edit took to show on the reader,
 * after checking that what the reader showed before came from the caches.
 */
async function editsShown(w: World, rounds: number): Promise<number[]> {
  const listWord = word();
  let oldWord = word();
  let name = `Widget ${oldWord}`;
  let product = await w.admin(CREATE, {
    nameZh: `测试${word()}`,
    nameEn: name,
    descriptionEn: `Made for ${listWord} testing.`,
    categoryId: w.categoryId,
    price: '12.50',
    stock: 50,
  });
  let fen = 1250;
  const delays: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const nameWord = word();
    // Warm every path on both gateways, then once more: answered from the caches now.
    for (const at of [w.writer, w.reader]) await seen(at, product.id, listWord, nameWord, oldWord);
    const calls = w.h.serviceLog.length;
    expect(await seen(w.reader, product.id, listWord, nameWord, oldWord)).toEqual({
      ...showing(name, fen),
      byOldName: true,
      suggested: false,
    });
    expect(w.h.serviceLog.length).toBe(calls);

    fen = 990 + round;
    name = `Widget ${nameWord}`;
    product = await w.admin(UPDATE, {
      id: product.id,
      version: product.version,
      nameEn: name,
      price: (fen / 100).toFixed(2),
    });
    const changedAt = performance.now();
    for (;;) {
      const now = await seen(w.reader, product.id, listWord, nameWord, oldWord);
      const elapsed = performance.now() - changedAt;
      if (JSON.stringify(now) === JSON.stringify(showing(name, fen))) {
        delays.push(elapsed);
        oldWord = nameWord;
        break;
      }
      expect(elapsed, `still showing ${JSON.stringify(now)}`).toBeLessThan(2_000);
      await wait(20);
    }
  }
  return delays;
}

describe('gateway: a back-office edit shows at once, caches on', () => {
  describe('in memory', () => {
    let w: World;
    beforeAll(async () => {
      w = await world(undefined);
    });
    afterAll(async () => {
      await w?.close();
    });

    it('shows the new price and name on the next read, on every path', async () => {
      const delays = await editsShown(w, 3);
      // The first read after the edit already shows it: no polling was needed.
      for (const delay of delays) expect(delay).toBeLessThan(1_000);
      expect(delays).toHaveLength(3);
    });
  });

  describe('on two gateways sharing Redis', () => {
    let redis: RedisServer;
    let w: World;
    beforeAll(async () => {
      redis = await startRedis();
      w = await world(redis);
    });
    afterAll(async () => {
      await w?.close();
      await redis?.stop();
    });

    it('shows the new price and name on the other gateway within 2 s, every time', async () => {
      const delays = await editsShown(w, 5);
      expect(delays).toHaveLength(5);
      for (const delay of delays) expect(delay).toBeLessThan(2_000);
    });
  });
});
