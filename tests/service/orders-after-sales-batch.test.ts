/**
 * GET /shop/order/after-sales?ids=…: the after-sales steps of several of the caller's orders in
 * one call (the gateway batches `Order.afterSales` through it), the same steps as the per-order
 * route, null for an order of someone else, and a 400 for a malformed id list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, placeOrder, type Shopper, shopper, startShop } from './orders-fixture.ts';
import { payThroughPage } from './payments-fixture.ts';

describe('after-sales of several orders in one call', () => {
  let service: TestService, buyer: Shopper, other: Shopper;
  beforeAll(async () => {
    ({ service, buyer } = await startShop());
    other = await shopper(service);
  });
  afterAll(() => service.close());

  it('answers one entry per id, in order: steps, [] without a refund, null for others', async () => {
    const productId = await addProduct(service, { stock: 5 });
    const refunded = await placeOrder(service, buyer, productId, 1);
    await payThroughPage(service, buyer, refunded.id);
    const refund = await service.http
      .post(`/service/shop/order/${refunded.id}/refund`)
      .set(buyer.headers)
      .send({ reason: '不想要了' });
    expect(refund.body.success).toBe(true);
    const plain = await placeOrder(service, buyer, productId, 1);
    const foreign = await placeOrder(service, other, productId, 1);

    const batch = await service.http
      .get('/service/shop/order/after-sales')
      .query({ ids: `${plain.id},${refunded.id},${foreign.id}` })
      .set(buyer.headers);
    expect(batch.status).toBe(200);
    const single = await service.http
      .get(`/service/shop/order/${refunded.id}/after-sales`)
      .set(buyer.headers);
    expect(single.body.data).toHaveLength(1);
    expect(batch.body.data).toEqual([[], single.body.data, null]);
  });

  it('refuses a malformed id list and anonymous callers', async () => {
    for (const ids of ['', 'a', '1,,2', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const res = await service.http.get('/service/shop/order/after-sales').query({ ids }).set(buyer.headers);
      expect(res.status, ids).toBe(400);
    }
    const anonymous = await service.http.get('/service/shop/order/after-sales').query({ ids: '1' });
    expect(anonymous.status).toBe(401);
  });
});
