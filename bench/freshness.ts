/**
 * Bench section 10: a product page after an edit — how long until the new price shows, with the
 * caches on. The real gateway (with the built web app's server render) and service run in this
 * process; the admin changes a product's price with `updateProduct` and a shopper's reads are
 * repeated every 10 ms until they show it: the product's GraphQL answer and its server-rendered
 * page (/goods/detail/:id), both kept by the caches beforehand. (a) one gateway, caches in memory,
 * the reads on the gateway that took the edit; (b) two gateways sharing Redis, the reads on the
 * other one. (c) what knowing the catalogue's generation costs a request: a call that finds it
 * fresh, and a read of it from Redis (once per REFRESH_MS per gateway).
 * Builds the web app first when it is stale.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatMoney } from '@shop/common/format.ts';
import { createLogger } from '@shop/common/logging.ts';
import { memoryCounter, openStores } from '@shop/store';
import { CatalogueGeneration, REFRESH_MS } from '@shop/store/catalogue-generation.ts';
import pino from 'pino';
import { createGateway } from '../gateway/src/server.ts';
import { type RedisServer, startRedis } from '../scripts/redis.ts';
import { buildWebIfStale } from '../tests/e2e/build-web.ts';
import { closeServer, startGatewayHarness } from '../tests/gateway/harness.ts';
import { fixed, percentile, table } from './lib.ts';

const EDITS = 10;
const ROOT = path.resolve(import.meta.dirname, '..');
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const ADMIN_PRODUCT = 'query($id: ID!) { adminProduct(id: $id) { id version price { fen } } }';
const UPDATE = `mutation($input: UpdateProductInput!) {
  updateProduct(input: $input) { product { id version } userErrors { code message } } }`;
const PRODUCT = 'query($id: ID!) { product(id: $id) { id price { fen } } }';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from the edit's answer until `shows()` is true (polled every 10 ms, 10 s at most). */
async function untilShown(shows: () => Promise<boolean>): Promise<number> {
  const from = performance.now();
  while (!(await shows())) {
    if (performance.now() - from > 10_000) throw new Error('the edit did not show within 10 s');
    await wait(10);
  }
  return performance.now() - from;
}

async function editTimes(redis: RedisServer | undefined) {
  const h = await startGatewayHarness({
    gatewayEnv: {
      WEB_DIST: path.join(ROOT, 'web/dist'),
      WEB_SSR_BUNDLE: path.join(ROOT, 'web/dist-ssr/entry-server.js'),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    },
  });
  let other: { server: http.Server; close: () => Promise<void>; url: string } | undefined;
  try {
    if (redis) {
      const gateway = await createGateway(h.config, { logger: pino({ level: 'silent' }) });
      const server = http.createServer(gateway.handler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      other = { server, url, close: () => gateway.close() };
    }
    const reader = other?.url ?? h.url;
    const jar = h.jar();
    await h.gql(LOGIN, { input: { account: 'admin', password: 'admin123' } }, { jar });
    const row = await h.service.ctx.db
      .selectFrom('products')
      .select('id')
      .where('on_shelf', '=', 1)
      .where('stock', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = String(row.id);
    const answer = async () => {
      const res = await fetch(`${reader}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
        body: JSON.stringify({ query: PRODUCT, variables: { id } }),
      });
      return ((await res.json()) as { data: { product: { price: { fen: number } } } }).data.product.price.fen;
    };
    const page = async () =>
      (
        await fetch(`${reader}/goods/detail/${id}`, {
          headers: { accept: 'text/html', 'accept-language': 'zh-CN' },
        })
      ).text();
    const graphql: number[] = [];
    const pages: number[] = [];
    for (let edit = 0; edit < EDITS; edit += 1) {
      // Kept by the caches first: the answer and the page, read twice on the reader.
      for (let i = 0; i < 2; i += 1) await Promise.all([answer(), page()]);
      const { data } = await h.gql<{ adminProduct: { version: number; price: { fen: number } } }>(
        ADMIN_PRODUCT,
        { id },
        { jar },
      );
      const fen = (data?.adminProduct.price.fen ?? 10_000) + 1;
      await h.gql(
        UPDATE,
        { input: { id, version: data?.adminProduct.version, price: (fen / 100).toFixed(2) } },
        { jar },
      );
      const shown = formatMoney(fen, 'CNY');
      const [inAnswer, inPage] = await Promise.all([
        untilShown(async () => (await answer()) === fen),
        untilShown(async () => (await page()).includes(shown)),
      ]);
      graphql.push(inAnswer);
      pages.push(inPage);
    }
    return { graphql, pages };
  } finally {
    if (other) {
      await closeServer(other.server);
      await other.close();
    }
    await h.close();
  }
}

/**
 * Nanoseconds per `current()` that finds the generation fresh (what nearly every request pays, in
 * memory or with Redis), and milliseconds per read of it from Redis (what the first request after
 * REFRESH_MS pays on each gateway).
 */
async function generationCost(redis: RedisServer) {
  const log = createLogger('silent', 'shop-gateway');
  const calls = 200_000;
  const fresh = async (generation: CatalogueGeneration) => {
    await generation.current();
    const from = performance.now();
    for (let i = 0; i < calls; i += 1) await generation.current();
    return ((performance.now() - from) * 1e6) / calls;
  };
  const stores = openStores({ redisUrl: redis.url, log });
  await stores.ready(5_000);
  try {
    const counter = stores.counter('catalogue');
    const reads: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const from = performance.now();
      await counter.read();
      reads.push(performance.now() - from);
    }
    return {
      memoryNs: await fresh(new CatalogueGeneration(memoryCounter(), log)),
      redisFreshNs: await fresh(new CatalogueGeneration(counter, log, 60_000)),
      redisReadMs: percentile(reads, 50),
      redisReadP99Ms: percentile(reads, 99),
    };
  } finally {
    await stores.close();
  }
}

export async function benchFreshness(): Promise<void> {
  buildWebIfStale();
  const redis = await startRedis();
  try {
    const rows: Array<Array<string | number>> = [];
    for (const [label, shared] of [
      ['1 gateway, caches in memory (same gateway)', undefined],
      ['2 gateways sharing Redis (the other gateway)', redis],
    ] as const) {
      const { graphql, pages } = await editTimes(shared);
      for (const [what, times] of [
        ['product answer (GraphQL)', graphql],
        ['product page (server-rendered)', pages],
      ] as const)
        rows.push([
          label,
          what,
          fixed(percentile(times, 50), 0),
          fixed(percentile(times, 90), 0),
          fixed(Math.max(...times), 0),
        ]);
    }
    console.log(
      `\n## 10a. A product page after an edit: time until the new price shows, caches on (${EDITS} edits each)\n`,
    );
    table(['where', 'read', 'p50 ms', 'p90 ms', 'max ms'], rows);

    const cost = await generationCost(redis);
    console.log(`\n## 10b. What knowing the catalogue's generation costs a request\n`);
    table(
      ['case', 'cost'],
      [
        ['caches in memory: a request (the number is read in memory)', `${fixed(cost.memoryNs, 0)} ns`],
        ['Redis: a request within REFRESH_MS of the last read', `${fixed(cost.redisFreshNs, 0)} ns`],
        [
          `Redis: the first request after REFRESH_MS (${REFRESH_MS} ms) reads it (p50 / p99)`,
          `${fixed(cost.redisReadMs, 2)} / ${fixed(cost.redisReadP99Ms, 2)} ms`,
        ],
      ],
    );
  } finally {
    await redis.stop();
  }
}
