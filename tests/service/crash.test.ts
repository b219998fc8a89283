/**
 * Crash safety of order placement (runs on SQLite and, under TEST_DATABASE_URL, on PostgreSQL):
 * the service runs as a child process on the suite's temporary database, a burst of placements
 * goes at it, and it is killed with SIGKILL in the middle. Afterwards every acknowledged order is
 * in the database, stock plus the units ordered equals the stock before, and retrying every
 * placement with its request id (on a restarted service) creates no second order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { startTestService, type TestService } from './harness.ts';
import { addProduct, type Shopper, shopper } from './orders-fixture.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STOCK = 400;
const BURST = 120;
const KILL_AFTER_ACKS = 12;

/** The service as `npm start` runs it, on the suite's database. */
async function startChild(service: TestService): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const { config } = service;
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SERVICE_PORT: String(port),
      DATA_DIR: path.dirname(config.sqlitePath),
      SQLITE_PATH: config.sqlitePath,
      DATABASE_URL: config.databaseUrl ?? '',
      DATABASE_SCHEMA: config.databaseSchema ?? '',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '12',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    const up = await fetch(`${url}/service/shop/system/config`)
      .then((res) => res.ok)
      .catch(() => false);
    if (up) return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the service child did not start');
}

interface Attempt {
  requestId: string;
  buyer: Shopper;
  orderId?: number;
}

async function place(url: string, productId: number, attempt: Attempt): Promise<number | undefined> {
  const res = await fetch(`${url}/service/shop/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...attempt.buyer.headers },
    body: JSON.stringify({
      productId,
      quantity: 1,
      addressId: attempt.buyer.addressId,
      paymentMethod: 'lpay',
      requestId: attempt.requestId,
    }),
  });
  const body = (await res.json()) as { success: boolean; data?: { id: number | string } };
  return body.success ? Number(body.data!.id) : undefined;
}

describe('order placement survives kill -9 of the service', () => {
  let service: TestService;
  let productId: number;
  let buyers: Shopper[];
  const attempts: Attempt[] = [];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    service = await startTestService();
    productId = await addProduct(service, { stock: STOCK, price: 100 });
    buyers = [];
    for (let i = 0; i < 4; i += 1) buyers.push(await shopper(service));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await service.close();
  });

  const ordersOfProduct = async () =>
    service.ctx.db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.id', 'orders.request_id', 'order_items.quantity'])
      .where('order_items.product_id', '=', productId)
      .execute();

  it('keeps every acknowledged order and consistent stock after SIGKILL mid-burst', async () => {
    const first = await startChild(service);
    child = first.child;
    let acks = 0;
    let next = 0;
    const worker = async () => {
      while (next < BURST) {
        const attempt: Attempt = { requestId: randomUUID(), buyer: buyers[next % buyers.length] };
        next += 1;
        attempts.push(attempt);
        try {
          attempt.orderId = await place(first.url, productId, attempt);
          if (attempt.orderId !== undefined) acks += 1;
          if (acks >= KILL_AFTER_ACKS && first.child.exitCode === null) first.child.kill('SIGKILL');
        } catch {
          // the connection died with the service: not acknowledged
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await new Promise<void>((resolve) => {
      if (first.child.exitCode !== null || first.child.signalCode !== null) resolve();
      else first.child.once('exit', () => resolve());
    });
    expect(first.child.signalCode).toBe('SIGKILL');
    const acknowledged = attempts.filter((a) => a.orderId !== undefined);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.length).toBeLessThan(BURST); // the kill cut the burst short

    const rows = await ordersOfProduct();
    const stored = new Set(rows.map((row) => row.id));
    for (const attempt of acknowledged) expect(stored.has(attempt.orderId!)).toBe(true);
    const { stock } = await service.ctx.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const ordered = rows.reduce((sum, row) => sum + row.quantity, 0);
    expect(stock + ordered).toBe(STOCK);
    // one order per request id, never two
    expect(new Set(rows.map((row) => row.request_id)).size).toBe(rows.length);
  });

  it('does not double-order when every placement is retried with its request id', async () => {
    const before = await ordersOfProduct();
    const restarted = await startChild(service);
    child = restarted.child;
    for (const attempt of attempts) {
      const orderId = await place(restarted.url, productId, attempt);
      expect(orderId).toBeDefined();
      // an acknowledged placement answers with the very same order
      if (attempt.orderId !== undefined) expect(orderId).toBe(attempt.orderId);
    }
    const after = await ordersOfProduct();
    // each attempt now has exactly one order: those committed before the kill were not repeated
    expect(after.length).toBe(attempts.length);
    expect(new Set(after.map((row) => row.request_id)).size).toBe(attempts.length);
    const beforeIds = new Set(before.map((row) => row.id));
    expect(after.filter((row) => beforeIds.has(row.id)).length).toBe(before.length);
    const { stock } = await service.ctx.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stock).toBe(STOCK - attempts.length);
    restarted.child.kill('SIGTERM');
  });
});
