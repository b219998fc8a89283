/**
 * Bench section 4: the shop service alone — product-page reads and order placements (each a
 * transaction with a compare-and-set on stock) over loopback, at a concurrency, for a fixed time,
 * on a temporary SQLite database and, when TEST_DATABASE_URL / BENCH_DATABASE_URL is set, on
 * PostgreSQL (a schema of its own, dropped afterwards). Prints req/s, p50 and p99, and the ratio.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import type { AppContext } from '../service/src/context.ts';
import { startFamily } from '../service/src/modules/accounts/refresh-tokens.ts';
import { register } from '../service/src/modules/accounts/service.ts';
import { productRow } from '../service/src/modules/catalogue/product-row.ts';
import { startTestService } from '../tests/service/harness.ts';
import { fixed, insertDefaultAddress, loop, percentile, rps, table } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6) / 2;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SHOPPERS = 20;

/** A shopper registered and signed in through the accounts module, with a default address. */
export async function createShopper(ctx: AppContext, index: number) {
  const username = `bench${index}${randomBytes(3).toString('hex')}`;
  const phone = `166${String(index).padStart(8, '0')}`;
  const user = await register(ctx, { username, phone, password: 'bench1234' });
  const { familyId: sessionId } = await startFamily(ctx, user.id);
  const address = await insertDefaultAddress(ctx, user.id);
  const token = await ctx.tokens.issue({ userId: user.id, account: username, sessionId });
  return { authorization: `Bearer ${token}`, addressId: address.id, username, password: 'bench1234' };
}

export async function createProducts(ctx: AppContext, count: number, stock = 10_000_000): Promise<number[]> {
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
      .values(
        productRow({
          category_id: category.id,
          name: `压测商品 ${i}`,
          name_en: `Bench product ${i}`,
          price: 1000 + i,
          stock,
          listed_at: now,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export type ServiceRow = [string, string, number, number, number, number];

/** One database: product page and order placement; rows for the table. */
async function benchOne(database: 'sqlite' | 'postgres'): Promise<ServiceRow[]> {
  const previous = process.env.TEST_DB;
  process.env.TEST_DB = database;
  const service = await startTestService({ ACCESS_TOKEN_TTL: '1h' }).finally(() => {
    process.env.TEST_DB = previous;
  });
  const server = service.app.listen(0, '127.0.0.1');
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
    await loop(4, 0.5, productPage);
    await loop(4, 0.5, placeOrder);
    const rows: ServiceRow[] = [];
    for (const [name, send] of [
      ['product page', productPage],
      ['order placement', placeOrder],
    ] as const) {
      const result = await loop(CONCURRENCY, SECONDS, send);
      rows.push([
        database,
        name,
        rps(result),
        percentile(result.latencies, 50),
        percentile(result.latencies, 99),
        result.failures,
      ]);
    }
    return rows;
  } finally {
    await pool.close();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  }
}

export async function benchService(): Promise<ServiceRow[]> {
  const rows = await benchOne('sqlite');
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    rows.push(...(await benchOne('postgres')));
  }
  console.log(`\n## 4. Shop service alone — concurrency ${CONCURRENCY}, ${SECONDS} s each\n`);
  table(
    ['database', 'operation', 'req/s', 'p50 ms', 'p99 ms', 'failures'],
    rows.map(([db, name, r, p50, p99, failures]) => [
      db,
      name,
      fixed(r, 0),
      fixed(p50, 2),
      fixed(p99, 2),
      failures,
    ]),
  );
  for (const db of new Set(rows.map((row) => row[0]))) {
    const [page, order] = rows.filter((row) => row[0] === db);
    console.log(`${db}: order placement / product page throughput = ${fixed(order[2] / page[2], 3)}`);
  }
  if (!postgresUrl) console.log('(PostgreSQL left out: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  return rows;
}
