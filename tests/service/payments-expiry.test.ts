import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startJobs } from '../../service/src/jobs.ts';
import { cancelExpiredOrders } from '../../service/src/modules/orders/transitions.ts';
import type { TestService } from './harness.ts';
import { addProduct, placeOrder, product, type Shopper, startShop } from './orders-fixture.ts';
import { orderRow, payLink } from './payments-fixture.ts';

describe('unpaid orders expire at their payment deadline', () => {
  let service: TestService, buyer: Shopper;
  beforeAll(
    async () => ({ service, buyer } = await startShop({ ORDER_PAYMENT_DEADLINE: '30m', PAYMENT_TTL: '15m' })),
  );
  afterAll(() => service.close());

  it('keeps a link within the order deadline', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service));
    service.clock.advance(20 * 60_000);
    const link = await payLink(service, buyer, order.id);
    expect(link.expiresAt).toBe(order.paymentDeadline);
    service.clock.advance(10 * 60_000 + 1000);
    expect((await service.http.get(link.path)).status).toBe(410);
    expect(await cancelExpiredOrders(service.ctx)).toBe(1);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 4 });
  });

  it('cancels expired orders in the job function, restoring stock; paid and fresh orders are untouched', async () => {
    const productId = await addProduct(service, { stock: 5 });
    const expiring = await placeOrder(service, buyer, productId, 2);
    const paidLater = await placeOrder(service, buyer, productId, 1);
    expect(await product(service, productId)).toMatchObject({ stock: 2, sales: 3 });
    service.clock.advance(29 * 60_000);
    expect(await cancelExpiredOrders(service.ctx)).toBe(0);
    const link = await payLink(service, buyer, paidLater.id);
    await service.http.post(`${link.path}/confirm`).type('form').send('').expect(303);
    const fresh = await placeOrder(service, buyer, productId, 1);
    service.clock.advance(2 * 60_000);
    expect(await cancelExpiredOrders(service.ctx)).toBe(1);
    expect(await orderRow(service, expiring.id)).toMatchObject({
      status: 4,
      payment_status: 2,
      cancel_reason: 'expired',
    });
    expect(await orderRow(service, paidLater.id)).toMatchObject({ status: 1 });
    expect(await orderRow(service, fresh.id)).toMatchObject({ status: 0 });
    expect(await product(service, productId)).toMatchObject({ stock: 3, sales: 2 });
    expect(await cancelExpiredOrders(service.ctx)).toBe(0);
  });

  it('applies the expiry lazily when the order is read or paid', async () => {
    const productId = await addProduct(service, { stock: 3 });
    const a = await placeOrder(service, buyer, productId);
    const b = await placeOrder(service, buyer, productId);
    const link = await payLink(service, buyer, b.id);
    service.clock.advance(31 * 60_000);
    const detail = await service.http.get(`/service/shop/order/${a.id}`).set(buyer.headers);
    expect(detail.body.data).toMatchObject({
      status: 4,
      cancelReason: 'expired',
      actions: { canPay: false },
    });
    const pay = await service.http
      .post(`/service/shop/pay/${b.id}`)
      .set(buyer.headers)
      .send({ method: 'lpay' });
    expect(pay.body).toMatchObject({ success: false, message: 'order.expired' });
    expect((await service.http.get(link.path)).status).toBe(410);
    expect(await product(service, productId)).toMatchObject({ stock: 3, sales: 0 });
    const payments = await service.ctx.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', b.id)
      .execute();
    expect(payments.map((p) => p.status)).toEqual([2]);
  });

  it('runs the expiry from startJobs', async () => {
    const productId = await addProduct(service, { stock: 1 });
    const order = await placeOrder(service, buyer, productId);
    service.clock.advance(31 * 60_000);
    const stop = startJobs(service.ctx, 50);
    try {
      await vi.waitFor(async () => expect((await orderRow(service, order.id)).status).toBe(4), {
        timeout: 5000,
      });
    } finally {
      stop();
    }
    expect(await product(service, productId)).toMatchObject({ stock: 1, sales: 0 });
  });
});
