/**
 * Bench section `soak`: mixed shopper traffic through the gateway for a while (SOAK_SECONDS,
 * default 60) at a concurrency (SOAK_CONCURRENCY, default 50), on SQLite and — when
 * BENCH_DATABASE_URL / TEST_DATABASE_URL is set — on PostgreSQL. The service and the gateway run
 * as child processes as in production; each worker is one signed-in shopper who browses, searches,
 * adds to and clears the cart, places buy-now orders and pays them through the lpay sandbox page.
 * Prints requests per second, p50/p99 per operation, the errors (expected: none), the RSS of both
 * processes at start and end, the CPU per operation of each process (and of a local PostgreSQL
 * server), and a consistency check: for every product, stock plus the units in
 * orders that are not cancelled equals the starting stock plus the acknowledged stock adjustments
 * (one back-office worker per ADMIN_EVERY shoppers adjusts stock up and down through adjustStock
 * meanwhile), the stock ledger says the same on its own, and every acknowledged order is stored.
 * The load is sent over undici's Pool, whose requests cost the shared cores far less than fetch's.
 * SOAK_PROFILE_DIR=<dir> writes the service's and the gateway's CPU profiles (`--cpu-prof`) there.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { freePort } from '../scripts/free-port.ts';
import { startTestService } from '../tests/service/harness.ts';
import { type Child, fixed, percentile, startChild, table } from './lib.ts';
import { createProducts, createShopper } from './service.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 50);
/** A folder for the service's and the gateway's CPU profiles (`--cpu-prof`), written when they stop. */
const PROFILE_DIR = process.env.SOAK_PROFILE_DIR;
const STOCK = 1_000_000;
const KEYWORDS = ['压测', 'bench', 'product 3', '商品', 'bench product 7'];
/** One back-office worker adjusting stock per this many shoppers (at least one). */
const ADMIN_EVERY = 10;
const ADMINS = Math.max(1, Math.floor(CONCURRENCY / ADMIN_EVERY));
/** The adjustments a back-office worker cycles through: restocks, damage and corrections. */
const DELTAS: Array<[number, 'RESTOCK' | 'DAMAGE' | 'CORRECTION']> = [
  [5, 'RESTOCK'],
  [-2, 'DAMAGE'],
  [3, 'CORRECTION'],
  [-4, 'CORRECTION'],
  [1, 'RESTOCK'],
  [-1, 'DAMAGE'],
];

type Operation = 'browse' | 'search' | 'cart' | 'order' | 'pay' | 'adjust';
/** Out of 20 steps of a shopper: mostly looking, some buying. */
const MIX: Operation[] = [
  ...Array<Operation>(7).fill('browse'),
  ...Array<Operation>(4).fill('search'),
  ...Array<Operation>(4).fill('cart'),
  ...Array<Operation>(3).fill('order'),
  ...Array<Operation>(2).fill('pay'),
];

const Q = {
  login: 'mutation($i: LoginInput!) { login(input: $i) { sessionToken userErrors { code } } }',
  browse:
    'query($p: PageInput, $f: ProductFilter) { products(filter: $f, page: $p) { total records { id name price { fen } stock } } }',
  search: 'query($k: String!) { searchProducts(keyword: $k) { total records { id name price { fen } } } }',
  add: 'mutation($i: AddToCartInput!) { addToCart(input: $i) { cart { lines { id productId } } userErrors { code } } }',
  remove:
    'mutation($i: RemoveCartLineInput!) { removeCartLine(input: $i) { removedLineId userErrors { code } } }',
  order: 'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { order { id } userErrors { code } } }',
  pay: 'mutation($i: StartPaymentInput!) { startPayment(input: $i) { payUrl userErrors { code } } }',
  adjust:
    'mutation($i: AdjustStockInput!) { adjustStock(input: $i) { entry { id delta } userErrors { code } } }',
};

/**
 * User + system CPU time of a process and all its threads (collector, libuv pool) so far, in ms
 * (/proc/<pid>/stat, in Linux' USER_HZ of 100 per second), or NaN where unreadable.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of every local PostgreSQL server process (named `postgres`) so far, in ms: the
 * database's share of the work when it runs on this machine (0 when none is readable).
 */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const ms = cpuMs(Number(entry));
    if (Number.isFinite(ms)) total += ms;
  }
  return total;
}

/** Resident set size of a process in MiB (Linux /proc). */
function rssMiB(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb / 1024;
}

interface Shopper {
  token: string;
  addressId: number;
  unpaid: number[];
}

interface SoakResult {
  /** No errors, every acknowledged order stored, stock and ledger consistent. */
  ok: boolean;
  opsPerSecond: number;
  errors: number;
}

/**
 * Node options writing CPU profiles into PROFILE_DIR/`name`, when set: one file per thread (the
 * main thread's is the largest; tsx's loader thread writes one too).
 */
const profiled = (name: string): string[] =>
  PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}/${name}`] : [];

async function soakOne(database: 'sqlite' | 'postgres'): Promise<SoakResult> {
  const previous = process.env.TEST_DB;
  process.env.TEST_DB = database;
  const setup = await startTestService({ ACCESS_TOKEN_TTL: '1h' }).finally(() => {
    process.env.TEST_DB = previous;
  });
  const children: Child[] = [];
  let pool: Pool | undefined;
  try {
    const productIds = await createProducts(setup.ctx, 8, STOCK);
    const accounts = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, i) => createShopper(setup.ctx, i)),
    );
    const [servicePort, gatewayPort] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${gatewayPort}`;
    const config = setup.config;
    const service = await startChild(
      'service/src/main.ts',
      {
        SERVICE_PORT: String(servicePort),
        DATA_DIR: config.dataDir,
        SQLITE_PATH: config.sqlitePath,
        DATABASE_URL: config.databaseUrl ?? '',
        DATABASE_SCHEMA: config.databaseSchema ?? '',
        PUBLIC_ORIGIN: origin,
        LOG_LEVEL: 'warn',
        ACCESS_TOKEN_TTL: '1h',
      },
      servicePort,
      '/readyz',
      profiled(`service-${database}`),
    );
    children.push(service);
    const gateway = await startChild(
      'gateway/src/main.ts',
      {
        GATEWAY_PORT: String(gatewayPort),
        SHOP_SERVICE_URL: service.url,
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_ORIGIN: origin,
        DATA_DIR: config.dataDir,
        WEB_DIST: `${config.dataDir}/no-web`,
        GATEWAY_SAFELIST: '0',
        LOG_LEVEL: 'warn',
      },
      gatewayPort,
      '/healthz',
      profiled(`gateway-${database}`),
    );
    children.push(gateway);

    // One keep-alive connection per worker on undici's Pool: the load generator shares the cores
    // with what it measures, and a Pool request costs it about half the CPU of a fetch.
    const gatewayPool = new Pool(gateway.url, { connections: CONCURRENCY + ADMINS });
    pool = gatewayPool;
    let requests = 0;
    const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
      requests += 1;
      const res = await gatewayPool.request({
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'apollo-require-preflight': '1',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
        headersTimeout: 60_000,
        bodyTimeout: 60_000,
      });
      // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field below
      const body = (await res.body.json()) as { data?: any; errors?: unknown[] };
      if (res.statusCode !== 200 || body.errors?.length)
        throw new Error(JSON.stringify(body.errors ?? res.statusCode));
      return body.data;
    };
    const refused = (payload: { userErrors?: unknown[] } | null) =>
      !payload || (payload.userErrors?.length ?? 0) > 0;

    const shoppers: Shopper[] = [];
    for (const account of accounts) {
      const data = await gql(Q.login, {
        i: { account: account.username, password: account.password, transport: 'BEARER' },
      });
      shoppers.push({ token: data.login.sessionToken, addressId: account.addressId, unpaid: [] });
    }
    const admins: string[] = [];
    for (let i = 0; i < ADMINS; i += 1) {
      const data = await gql(Q.login, { i: { account: 'admin', password: 'admin123', transport: 'BEARER' } });
      admins.push(data.login.sessionToken);
    }
    const acknowledged: number[] = [];
    /** Acknowledged adjustments per product id: what the merchant was told was done. */
    const adjusted = new Map<number, number>();

    const run: Record<Exclude<Operation, 'adjust'>, (shopper: Shopper, step: number) => Promise<boolean>> & {
      adjust: (token: string, step: number) => Promise<boolean>;
    } = {
      browse: async (_shopper, step) => {
        const data = await gql(Q.browse, { p: { pageNum: (step % 4) + 1, pageSize: 10 } });
        return data.products.total > 0;
      },
      search: async (_shopper, step) => {
        const data = await gql(Q.search, { k: KEYWORDS[step % KEYWORDS.length] });
        return Array.isArray(data.searchProducts.records);
      },
      cart: async (shopper, step) => {
        const productId = String(productIds[step % productIds.length]);
        const added = await gql(Q.add, { i: { productId, quantity: 1 } }, shopper.token);
        if (refused(added.addToCart)) return false;
        const line = added.addToCart.cart.lines.find((l: { productId: string }) => l.productId === productId);
        const removed = await gql(Q.remove, { i: { lineId: line.id } }, shopper.token);
        return !refused(removed.removeCartLine);
      },
      order: async (shopper, step) => {
        const data = await gql(
          Q.order,
          {
            i: {
              productId: String(productIds[step % productIds.length]),
              quantity: 1 + (step % 2),
              addressId: String(shopper.addressId),
              paymentMethod: 'LPAY',
              requestId: randomUUID(),
            },
          },
          shopper.token,
        );
        if (refused(data.placeOrder)) return false;
        const id = Number(data.placeOrder.order.id);
        acknowledged.push(id);
        shopper.unpaid.push(id);
        return true;
      },
      pay: async (shopper) => {
        const orderId = shopper.unpaid.shift();
        if (orderId === undefined) return run.order(shopper, 0);
        const data = await gql(Q.pay, { i: { orderId: String(orderId), method: 'LPAY' } }, shopper.token);
        if (refused(data.startPayment)) return false;
        const page = new URL(data.startPayment.payUrl);
        requests += 1;
        // A Pool follows no redirects: the sandbox's 303 is the answer.
        const res = await gatewayPool.request({
          path: `${page.pathname}/confirm`,
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body: '',
          headersTimeout: 60_000,
          bodyTimeout: 60_000,
        });
        await res.body.dump();
        return res.statusCode === 303;
      },
      adjust: async (token, step) => {
        const productId = productIds[step % productIds.length];
        const [delta, reason] = DELTAS[step % DELTAS.length];
        const data = await gql(Q.adjust, { i: { productId: String(productId), delta, reason } }, token);
        if (refused(data.adjustStock)) return false;
        adjusted.set(productId, (adjusted.get(productId) ?? 0) + data.adjustStock.entry.delta);
        return true;
      },
    };

    requests = 0;
    const rssStart = { gateway: rssMiB(gateway.process.pid), service: rssMiB(service.process.pid) };
    const cpuStart = {
      soak: process.cpuUsage(),
      gateway: cpuMs(gateway.process.pid),
      service: cpuMs(service.process.pid),
      database: database === 'postgres' ? postgresCpuMs() : 0,
    };
    const latencies: Record<Operation, number[]> = {
      browse: [],
      search: [],
      cart: [],
      order: [],
      pay: [],
      adjust: [],
    };
    const errors: Record<Operation, number> = { browse: 0, search: 0, cart: 0, order: 0, pay: 0, adjust: 0 };
    const samples: string[] = [];
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const timed = async (operation: Operation, call: () => Promise<boolean>) => {
      const t0 = performance.now();
      const ok = await call().catch((error: Error) => {
        if (samples.length < 5) samples.push(`${operation}: ${error.message.slice(0, 200)}`);
        return false;
      });
      latencies[operation].push(performance.now() - t0);
      if (!ok) errors[operation] += 1;
    };
    await Promise.all([
      ...shoppers.map(async (shopper, worker) => {
        for (let step = worker; performance.now() < deadline; step += 1) {
          const operation = MIX[(step * 7 + worker) % MIX.length] as Exclude<Operation, 'adjust'>;
          await timed(operation, () => run[operation](shopper, step));
        }
      }),
      ...admins.map(async (token, worker) => {
        for (let step = worker; performance.now() < deadline; step += 1) {
          await timed('adjust', () => run.adjust(token, step));
        }
      }),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const rssEnd = { gateway: rssMiB(gateway.process.pid), service: rssMiB(service.process.pid) };
    const soakCpu = process.cpuUsage(cpuStart.soak);
    const cpu = {
      soak: (soakCpu.user + soakCpu.system) / 1000,
      gateway: cpuMs(gateway.process.pid) - cpuStart.gateway,
      service: cpuMs(service.process.pid) - cpuStart.service,
      database: database === 'postgres' ? postgresCpuMs() - cpuStart.database : 0,
    };

    // Consistency, read straight from the database.
    const { db } = setup.ctx;
    const lines = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.order_id', 'order_items.product_id', 'order_items.quantity', 'orders.status'])
      .where('order_items.product_id', 'in', productIds)
      .execute();
    const stored = new Set(lines.map((line) => Number(line.order_id)));
    const missing = acknowledged.filter((id) => !stored.has(id)).length;
    const products = await db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('id', 'in', productIds)
      .execute();
    const ledger = await db
      .selectFrom('stock_ledger')
      .select(['product_id', 'delta', 'reason', 'stock_after'])
      .where('product_id', 'in', productIds)
      .orderBy('id')
      .execute();
    const unbalanced = products.filter((product) => {
      const sold = lines
        .filter((line) => line.product_id === product.id && line.status !== 4)
        .reduce((sum, line) => sum + line.quantity, 0);
      return product.stock + sold !== STOCK + (adjusted.get(product.id) ?? 0);
    }).length;
    // The ledger alone: adjustments and order changes add up to what the tables say, and each
    // entry follows the one before it (stock_after = previous stock_after + delta).
    const ledgerUnbalanced = products.filter((product) => {
      const entries = ledger.filter((entry) => entry.product_id === product.id);
      const sum = (reasons: string[]) =>
        entries.filter((e) => reasons.includes(e.reason)).reduce((total, e) => total + e.delta, 0);
      const sold = lines
        .filter((line) => line.product_id === product.id && line.status !== 4)
        .reduce((total, line) => total + line.quantity, 0);
      const chained = entries.every(
        (e, i) =>
          e.stock_after >= 0 &&
          (i === 0
            ? e.stock_after - e.delta === STOCK
            : e.stock_after === entries[i - 1].stock_after + e.delta),
      );
      const last = entries.at(-1)?.stock_after ?? STOCK;
      return (
        !chained ||
        last !== product.stock ||
        sum(['restock', 'correction', 'damage']) !== (adjusted.get(product.id) ?? 0) ||
        -sum(['sale', 'cancel', 'refund']) !== sold
      );
    }).length;
    const adjustments = [...adjusted.values()].reduce((sum, n) => sum + n, 0);

    const total = Object.values(latencies).reduce((sum, list) => sum + list.length, 0);
    const totalErrors = Object.values(errors).reduce((sum, n) => sum + n, 0);
    console.log(
      `\n${database}: ${fixed(seconds, 0)} s, concurrency ${CONCURRENCY}, ${total} operations, ` +
        `${fixed(total / seconds)} op/s, ${requests} HTTP requests (${fixed(requests / seconds)} req/s), ${totalErrors} errors`,
    );
    table(
      ['operation', 'count', 'op/s', 'p50 ms', 'p99 ms', 'errors'],
      (Object.keys(latencies) as Operation[]).map((name) => [
        name,
        latencies[name].length,
        fixed(latencies[name].length / seconds),
        fixed(percentile(latencies[name], 50)),
        fixed(percentile(latencies[name], 99)),
        errors[name],
      ]),
    );
    console.log(
      `RSS MiB  gateway ${fixed(rssStart.gateway)} → ${fixed(rssEnd.gateway)}, service ${fixed(rssStart.service)} → ${fixed(rssEnd.service)}`,
    );
    const perOp = (ms: number) => fixed(ms / total, 2);
    const busy = cpu.gateway + cpu.service + cpu.soak + cpu.database;
    console.log(
      `CPU ms per operation  gateway ${perOp(cpu.gateway)}, service ${perOp(cpu.service)}, ` +
        `${database === 'postgres' ? `PostgreSQL server ${perOp(cpu.database)}, ` : ''}` +
        `load generator ${perOp(cpu.soak)} (${fixed(busy / 1000 / seconds, 2)} of ${os.cpus().length} cores busy)`,
    );
    console.log(
      `consistency: ${acknowledged.length} acknowledged orders, ${missing} missing; ` +
        `${latencies.adjust.length - errors.adjust} adjustments (net ${adjustments}); ` +
        `${products.length} products, ${unbalanced} where stock + sold ≠ ${STOCK} + adjustments, ` +
        `${ledgerUnbalanced} whose stock ledger (${ledger.length} entries) disagrees`,
    );
    for (const sample of samples) console.log(`  first errors — ${sample}`);
    return {
      ok: totalErrors === 0 && missing === 0 && unbalanced === 0 && ledgerUnbalanced === 0,
      opsPerSecond: total / seconds,
      errors: totalErrors,
    };
  } finally {
    await pool?.close();
    for (const child of children.reverse()) await child.stop();
    await setup.close();
  }
}

export async function benchSoak(): Promise<void> {
  console.log(`\n## soak — mixed shopper traffic through the gateway (SOAK_SECONDS=${SECONDS})`);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const databases: Array<'sqlite' | 'postgres'> = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (postgresUrl) process.env.TEST_DATABASE_URL = postgresUrl;
  const results = new Map<'sqlite' | 'postgres', SoakResult>();
  for (const database of databases) {
    const result = await soakOne(database);
    results.set(database, result);
    if (!result.ok) process.exitCode = 1;
  }
  const mark = (pass: boolean) => (pass ? '✓' : '✗');
  const sqlite = results.get('sqlite');
  const postgres = results.get('postgres');
  console.log('\ntargets (at concurrency 50):');
  if (sqlite) {
    console.log(
      `  ${mark(sqlite.opsPerSecond >= 1000)} SQLite ${fixed(sqlite.opsPerSecond, 0)} shopper operations/s (≥ 1,000)` +
        `${CONCURRENCY === 50 ? '' : ` — measured at concurrency ${CONCURRENCY}`}`,
    );
    console.log(`  ${mark(sqlite.errors === 0)} SQLite ${sqlite.errors} errors (0)`);
  }
  if (sqlite && postgres) {
    const ratio = postgres.opsPerSecond / sqlite.opsPerSecond;
    console.log(`  ${mark(ratio >= 0.8)} PostgreSQL / SQLite ${fixed(ratio, 2)}× (≥ 0.8×)`);
    console.log(`  ${mark(postgres.errors === 0)} PostgreSQL ${postgres.errors} errors (0)`);
  } else {
    console.log(
      '  – PostgreSQL / SQLite (≥ 0.8×): not measured (no BENCH_DATABASE_URL or TEST_DATABASE_URL)',
    );
  }
}
