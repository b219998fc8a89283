/**
 * Benchmark (not a test): product-page and order-placement throughput and latency of the shop
 * service on a temporary SQLite database, over loopback only. Prints req/s, p50 and p99 for
 * each, and their ratio, for later comparison (e.g. with PostgreSQL or after changes).
 *
 *   npm run bench                  (BENCH_PAGE_REQUESTS, BENCH_ORDER_REQUESTS, BENCH_CONCURRENCY)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { Pool } from 'undici';
import { createApp } from '../src/app.ts';
import { bootService } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { startFamily } from '../src/modules/accounts/refresh-tokens.ts';
import { register } from '../src/modules/accounts/service.ts';

const PAGE_REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 3000);
const ORDER_REQUESTS = Number(process.env.BENCH_ORDER_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SHOPPERS = 20;
const WARM_UP = 50;

interface Result {
  name: string;
  requests: number;
  failures: number;
  seconds: number;
  latencies: number[];
}

/** A shopper registered and signed in through the accounts module, with a default address. */
async function createShopper(ctx: AppContext, index: number) {
  const now = ctx.now().toISOString();
  const username = `bench${index}${randomBytes(3).toString('hex')}`;
  const phone = `166${String(index).padStart(8, '0')}`;
  const user = await register(ctx, { username, phone, password: 'bench1234' });
  const { familyId: sessionId } = await startFamily(ctx, user.id);
  const address = await ctx.db
    .insertInto('addresses')
    .values({
      user_id: user.id,
      recipient: '测试',
      phone: '13800000000',
      city: '上海市',
      detail: '测试路 1 号',
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await ctx.tokens.issue({ userId: user.id, account: username, sessionId });
  return { authorization: `Bearer ${token}`, addressId: address.id };
}

async function createProducts(ctx: AppContext, count: number): Promise<number[]> {
  const now = ctx.now().toISOString();
  const category = await ctx.db
    .insertInto('categories')
    .values({
      parent_id: null,
      name: '压测',
      name_en: 'Bench',
      card_name: `bench-${randomBytes(3).toString('hex')}`,
      icon: '',
      sort: 99,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = await ctx.db
      .insertInto('products')
      .values({
        category_id: category.id,
        name: `压测商品 ${i}`,
        name_en: `Bench product ${i}`,
        description: '',
        description_en: '',
        search_text: `压测商品 ${i} bench product`,
        price: 1000 + i,
        original_price: null,
        stock: 10_000_000,
        sales: 0,
        image: '',
        images: '[]',
        on_shelf: 1,
        listed_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Runs `total` requests with at most `concurrency` in flight; records each latency. */
async function run(
  name: string,
  total: number,
  concurrency: number,
  send: (i: number) => Promise<boolean>,
): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      const ok = await send(i).catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return { name, requests: total, failures, seconds: (performance.now() - started) / 1000, latencies };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

function report(result: Result): number {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const rps = result.requests / result.seconds;
  console.log(
    `${result.name.padEnd(16)} ${String(result.requests).padStart(6)} req  ${rps.toFixed(1).padStart(9)} req/s  ` +
      `p50 ${percentile(sorted, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(2).padStart(7)} ms  ` +
      `failures ${result.failures}`,
  );
  return rps;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  // An explicit environment: always SQLite in the temporary directory, whatever DATABASE_URL says.
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    ACCESS_TOKEN_TTL: '1h',
    // Shoppers are set up before timing starts; a cheaper hash keeps that part short.
    PASSWORD_HASH_COST: '12',
    BODY_LIMIT: '100kb',
  });
  const service = await bootService(config, { logger: pino({ level: 'silent' }) });
  const server = createApp(service.ctx).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENCY, pipelining: 1 });
  try {
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, (_, i) => createShopper(service.ctx, i)),
    );
    const productIds = await createProducts(service.ctx, 8);
    const sorts = ['default', 'priceAsc', 'priceDesc', 'sales', 'newest'];

    const productPage = async (i: number) => {
      const query = `pageNum=${(i % 4) + 1}&pageSize=15&sort=${sorts[i % sorts.length]}`;
      const res = await pool.request({ method: 'GET', path: `/service/shop/product/page?${query}` });
      const body = (await res.body.json()) as { success?: boolean };
      return res.statusCode === 200 && body.success === true;
    };
    const placeOrder = async (i: number) => {
      const shopper = shoppers[i % shoppers.length];
      const res = await pool.request({
        method: 'POST',
        path: '/service/shop/order',
        headers: { 'content-type': 'application/json', authorization: shopper.authorization },
        body: JSON.stringify({
          productId: productIds[i % productIds.length],
          quantity: 1,
          addressId: shopper.addressId,
          paymentMethod: 'lpay',
          requestId: randomUUID(),
        }),
      });
      const body = (await res.body.json()) as { success?: boolean };
      return res.statusCode === 200 && body.success === true;
    };

    await run('warm-up', WARM_UP, 4, productPage);
    await run('warm-up', WARM_UP, 4, placeOrder);
    console.log(
      `shop service benchmark: SQLite (${config.sqlitePath}), concurrency ${CONCURRENCY}, node ${process.version}`,
    );
    const pages = report(await run('product page', PAGE_REQUESTS, CONCURRENCY, productPage));
    const orders = report(await run('order placement', ORDER_REQUESTS, CONCURRENCY, placeOrder));
    console.log(
      `ratio            order placement / product page throughput = ${(orders / pages).toFixed(3)}`,
    );
  } finally {
    await pool.close();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
