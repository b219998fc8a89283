import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, orderInStatus, type Shopper, shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

describe('ledger (bill)', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  it('books every payment as an expense and every approved refund as an income, newest first', async () => {
    const first = await orderInStatus(service, buyer, admin, 1, await addProduct(service, { price: 1200 }));
    service.clock.advance(1000);
    const second = await orderInStatus(service, buyer, admin, 3, await addProduct(service, { price: 3400 }));
    service.clock.advance(1000);
    const applied = await service.http
      .post(`/service/shop/order/${second}/refund`)
      .set(buyer.headers)
      .send({ reason: '不喜欢' });
    await service.http
      .post(`/service/admin/refund/${applied.body.data.refund.id}/review`)
      .set(admin.headers)
      .send({ approve: true })
      .expect(200);
    const other = await shopper(service);
    await orderInStatus(service, other, admin, 1, await addProduct(service, { price: 5 }));

    const res = await service.http.get('/service/shop/account/bill/page').set(buyer.headers);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 15 });
    const rows = res.body.data.records.map(
      (r: { direction: number; amount: number; type: string; orderId: number }) => [
        r.direction,
        r.amount,
        r.type,
        r.orderId,
      ],
    );
    expect(rows).toEqual([
      [1, 3400, 'refund', second],
      [0, 3400, 'order-payment', second],
      [0, 1200, 'order-payment', first],
    ]);
    expect(res.body.data.records[0].orderNo).toMatch(/^\d{20}$/);
    expect(Date.parse(res.body.data.records[0].at)).not.toBeNaN();

    const incomes = await service.http.get('/service/shop/account/bill/page?direction=1').set(buyer.headers);
    expect(incomes.body.data.records.map((r: { amount: number }) => r.amount)).toEqual([3400]);
    const paged = await service.http
      .get('/service/shop/account/bill/page?pageNum=2&pageSize=2')
      .set(buyer.headers);
    expect(paged.body.data.records).toHaveLength(1);
    const anonymous = await service.http.get('/service/shop/account/bill/page');
    expect(anonymous.status).toBe(401);
  });
});
