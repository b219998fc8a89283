import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, orderInStatus, placeOrder, product, type Shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

describe('stock adjustments and the stock ledger', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const adjust = (id: number, body: Record<string, unknown>, lang = 'zh-CN') =>
    service.http
      .post(`/service/admin/product/${id}/stock`)
      .set(admin.headers)
      .set('Accept-Language', lang)
      .send(body);
  const ledger = (id: number, query = '') =>
    service.http.get(`/service/admin/product/${id}/stock-ledger${query}`).set(admin.headers);
  const version = async (id: number) =>
    (
      await service.ctx.db
        .selectFrom('products')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).version;

  it('restocks without the version, bumps it, and writes the ledger row and a history entry', async () => {
    const id = await addProduct(service, { stock: 3 });
    const before = await version(id);
    const res = await adjust(id, { delta: 7, reason: 'restock', note: '到货' });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({
      success: true,
      alterMsg: '库存已调整',
      data: {
        productId: id,
        stock: 10,
        version: before + 1,
        entry: {
          delta: 7,
          reason: 'restock',
          note: '到货',
          stockAfter: 10,
          actor: { id: admin.userId },
          order: null,
        },
      },
    });
    expect(await product(service, id)).toMatchObject({ stock: 10 });
    expect(await version(id)).toBe(before + 1);
    const history = await service.ctx.db
      .selectFrom('product_history')
      .selectAll()
      .where('product_id', '=', id)
      .execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ kind: 'stock', version: before + 1, actor_id: admin.userId });
    expect(JSON.parse(history[0].changes)).toEqual([{ field: 'stock', before: 3, after: 10 }]);
  });

  it('refuses to take stock below zero, saying how many are in stock, in both languages, storing nothing', async () => {
    const id = await addProduct(service, { stock: 2 });
    const before = await version(id);
    const zh = await adjust(id, { delta: -3, reason: 'damage' });
    expect(zh.body).toMatchObject({ success: false, message: 'stock.notEnough' });
    expect(zh.body.alterMsg).toBe('库存不足：当前库存 2 件，不能减少 3 件');
    const en = await adjust(id, { delta: -3, reason: 'damage' }, 'en-GB');
    expect(en.body.alterMsg).toBe('Only 2 in stock: 3 cannot be taken away');
    expect(await product(service, id)).toMatchObject({ stock: 2 });
    expect(await version(id)).toBe(before);
    expect((await ledger(id)).body.data).toMatchObject({ total: 0, records: [] });
    const all = await adjust(id, { delta: -2, reason: 'correction' });
    expect(all.body).toMatchObject({ success: true, data: { stock: 0 } });
  });

  it('refuses bad input with the shared rules’ messages and a missing product with 404', async () => {
    const id = await addProduct(service, { stock: 2 });
    const cases: [Record<string, unknown>, string][] = [
      [{ delta: 0, reason: 'restock' }, 'stock.deltaRequired'],
      [{ delta: 1.5, reason: 'restock' }, 'stock.deltaRequired'],
      [{ reason: 'restock' }, 'stock.deltaRequired'],
      [{ delta: 1_000_000, reason: 'restock' }, 'stock.deltaTooLarge'],
      [{ delta: 1, reason: 'sale' }, 'stock.reasonRequired'],
      [{ delta: 1 }, 'stock.reasonRequired'],
      [{ delta: 1, reason: 'restock', note: 'x'.repeat(201) }, 'validation.tooLong'],
      [{ delta: 1, reason: 'restock', stock: 9 }, 'validation.unknownField'],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(id, body, 'en-GB');
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    const en = await adjust(id, { delta: 0, reason: 'restock' }, 'en-GB');
    expect(en.body.alterMsg).toBe('Enter how many units to add (positive) or take away (negative), not 0');
    expect(await product(service, id)).toMatchObject({ stock: 2 });
    const missing = await adjust(2_000_000, { delta: 1, reason: 'restock' });
    expect(missing.status).toBe(404);
    expect((await ledger(2_000_000)).status).toBe(404);
  });

  it('records sales and cancellations with their order, newest first, paged', async () => {
    const id = await addProduct(service, { stock: 5 });
    const order = await placeOrder(service, buyer, id, 2);
    await adjust(id, { delta: 4, reason: 'restock' });
    const cancelled = await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyer.headers);
    expect(cancelled.body.success).toBe(true);
    const res = await ledger(id);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.records).toMatchObject([
      {
        reason: 'cancel',
        delta: 2,
        stockAfter: 9,
        order: { id: order.id, orderNo: order.orderNo },
        actor: null,
      },
      { reason: 'restock', delta: 4, stockAfter: 7, order: null, actor: { id: admin.userId } },
      { reason: 'sale', delta: -2, stockAfter: 3, order: { id: order.id } },
    ]);
    const second = await ledger(id, '?pageNum=2&pageSize=2');
    expect(second.body.data).toMatchObject({ total: 3, pageNum: 2, records: [{ reason: 'sale' }] });
  });

  it('records the units an approved refund of an unshipped order puts back as a refund', async () => {
    const id = await addProduct(service, { stock: 3 });
    const orderId = await orderInStatus(service, buyer, admin, 1, id);
    const applied = await service.http
      .post(`/service/shop/order/${orderId}/refund`)
      .set(buyer.headers)
      .send({ reason: '不想要了' });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    const reviewed = await service.http
      .post(`/service/admin/refund/${applied.body.data.refund.id}/review`)
      .set(admin.headers)
      .send({ approve: true });
    expect(reviewed.body.success, JSON.stringify(reviewed.body)).toBe(true);
    expect(await product(service, id)).toMatchObject({ stock: 3, sales: 0 });
    const res = await ledger(id);
    expect(res.body.data.records).toMatchObject([
      { reason: 'refund', delta: 1, stockAfter: 3, order: { id: orderId } },
      { reason: 'sale', delta: -1, stockAfter: 2, order: { id: orderId } },
    ]);
  });

  it('refuses shoppers (403 无访问权限) and visitors (401), storing nothing', async () => {
    const id = await addProduct(service, { stock: 1 });
    const shopperRes = await service.http
      .post(`/service/admin/product/${id}/stock`)
      .set(buyer.headers)
      .send({ delta: 5, reason: 'restock' });
    expect(shopperRes.status).toBe(403);
    expect(shopperRes.body.alterMsg).toBe('无访问权限');
    expect(
      (await service.http.get(`/service/admin/product/${id}/stock-ledger`).set(buyer.headers)).status,
    ).toBe(403);
    expect(
      (await service.http.post(`/service/admin/product/${id}/stock`).send({ delta: 5, reason: 'restock' }))
        .status,
    ).toBe(401);
    expect(await product(service, id)).toMatchObject({ stock: 1 });
  });
});
