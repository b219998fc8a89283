import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, placeOrder, product, type Shopper, shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

const START = 6;

describe('stock adjustments racing purchases of the last units', () => {
  let service: TestService, admin: TestSession, buyers: Shopper[];
  beforeAll(async () => {
    ({ service, admin } = await startShop());
    buyers = await Promise.all(Array.from({ length: 24 }, () => shopper(service)));
  });
  afterAll(() => service.close());

  it('never sells more than there is nor goes below zero, and stock + sold = start + adjustments in the table and the ledger', async () => {
    const id = await addProduct(service, { stock: START });
    const orders = buyers.map((buyer, i) => async () => {
      const res = await service.http
        .post('/service/shop/order')
        .set(buyer.headers)
        .send({
          productId: id,
          quantity: 1 + (i % 2),
          addressId: buyer.addressId,
          paymentMethod: 'lpay',
          requestId: randomUUID(),
        });
      return { kind: 'order' as const, delta: -(1 + (i % 2)), res };
    });
    const deltas = [...Array<number>(10).fill(-1), -3, ...Array<number>(6).fill(1), 2];
    const adjustments = deltas.map((delta) => async () => {
      const res = await service.http
        .post(`/service/admin/product/${id}/stock`)
        .set(admin.headers)
        .send({ delta, reason: delta > 0 ? 'restock' : 'damage' });
      return { kind: 'adjustment' as const, delta, res };
    });
    // Pending orders placed before, cancelled during the race: their units come back meanwhile.
    const pending = await Promise.all(buyers.slice(0, 2).map((buyer) => placeOrder(service, buyer, id, 1)));
    const cancels = pending.map((order, i) => async () => {
      const res = await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyers[i].headers);
      return { kind: 'cancel' as const, delta: 1, res };
    });
    // Interleaved, all in flight at once.
    const calls = orders.flatMap((order, i) =>
      [order, adjustments[i], cancels[i]].filter((call) => call !== undefined),
    );
    const answers = await Promise.all(calls.map((call) => call()));

    for (const { kind, res } of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (kind === 'cancel') expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      else if (!res.body.success) {
        expect(res.body.message).toBe(kind === 'order' ? 'order.insufficientStock' : 'stock.notEnough');
      }
    }
    const won = (kind: 'order' | 'adjustment' | 'cancel') =>
      answers.filter((a) => a.kind === kind && a.res.body.success).reduce((sum, a) => sum + a.delta, 0);
    const soldByAnswers = -won('order');
    const adjusted = won('adjustment');
    // Each kind both won and lost some: the race really was at the last units.
    expect(answers.some((a) => a.kind === 'order' && !a.res.body.success)).toBe(true);
    expect(answers.some((a) => a.kind === 'order' && a.res.body.success)).toBe(true);
    expect(answers.some((a) => a.kind === 'adjustment' && a.delta < 0 && !a.res.body.success)).toBe(true);

    const { db } = service.ctx;
    const row = await product(service, id);
    const items = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('order_items.quantity')
      .where('order_items.product_id', '=', id)
      .where('orders.status', '<>', 4)
      .execute();
    const soldByItems = items.reduce((sum, item) => sum + item.quantity, 0);
    expect(row.stock).toBeGreaterThanOrEqual(0);
    expect(soldByItems).toBe(soldByAnswers);
    expect(row.sales).toBe(soldByItems);
    expect(row.stock + soldByItems).toBe(START + adjusted);

    // The ledger alone tells the same story, one row per change, each following the one before.
    const ledger = await db
      .selectFrom('stock_ledger')
      .select(['delta', 'reason', 'stock_after'])
      .where('product_id', '=', id)
      .orderBy('id')
      .execute();
    // Rows: the pending orders' sales, then every change that won.
    expect(ledger.length).toBe(pending.length + answers.filter((a) => a.res.body.success).length);
    expect(ledger[0].stock_after - ledger[0].delta).toBe(START);
    for (let i = 1; i < ledger.length; i += 1) {
      expect(ledger[i].stock_after).toBe(ledger[i - 1].stock_after + ledger[i].delta);
    }
    for (const entry of ledger) expect(entry.stock_after).toBeGreaterThanOrEqual(0);
    expect(ledger.at(-1)?.stock_after).toBe(row.stock);
    const sum = (reasons: string[]) =>
      ledger
        .filter((entry) => reasons.includes(entry.reason))
        .reduce((total, entry) => total + entry.delta, 0);
    expect(-sum(['sale', 'cancel', 'refund'])).toBe(soldByItems);
    expect(sum(['restock', 'correction', 'damage'])).toBe(adjusted);
  });
});
