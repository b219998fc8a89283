/**
 * A payment link superseded by a newer one through which the order was paid: opening or using
 * the old link says the order is paid (not that the link expired, which reads as a failed
 * payment), in the caller's language, and never takes the money twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, placeOrder, type Shopper, startShop } from './orders-fixture.ts';
import { ledgerRows, orderRow, payLink, payThroughPage } from './payments-fixture.ts';

describe('payments: the old link of an order paid through a newer one', () => {
  let service: TestService, buyer: Shopper;
  beforeAll(async () => ({ service, buyer } = await startShop({ PUBLIC_ORIGIN: 'https://shop.example' })));
  afterAll(() => service.close());

  it('says the order is paid, links to the order, in both languages, and as JSON', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 4200 }));
    const old = await payLink(service, buyer, order.id);
    await payThroughPage(service, buyer, order.id);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 1, payment_status: 1 });

    const zh = await service.http.get(old.path);
    expect(zh.status).toBe(200);
    expect(zh.headers['cache-control']).toBe('no-store');
    expect(zh.text).toContain('该订单已支付');
    expect(zh.text).not.toContain('支付链接已过期！');
    expect(zh.text).toContain(`href="/user/center/orders/${order.id}"`);
    expect(zh.text).toContain('查看订单');

    const en = await service.http.get(old.path).set('Accept-Language', 'en-GB');
    expect(en.text).toContain('This order has been paid');
    expect(en.text).toContain('View order');
    expect(en.text).not.toContain('Payment link expired!');

    const json = await service.http.get(old.path).set('Accept', 'application/json');
    expect(json.body).toMatchObject({
      success: false,
      message: 'payment.orderPaid',
      alterMsg: '该订单已支付',
      data: { orderId: order.id },
    });
  });

  it('pays nothing more through the old link, even past its expiry', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 3100 }));
    const old = await payLink(service, buyer, order.id);
    await payThroughPage(service, buyer, order.id);

    const confirm = await service.http.post(`${old.path}/confirm`).type('form').send('');
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('该订单已支付');
    const cancel = await service.http.post(`${old.path}/cancel`).type('form').send('');
    expect(cancel.text).toContain('该订单已支付');
    expect(await ledgerRows(service, order.id)).toHaveLength(1);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 1, payment_status: 1 });

    service.clock.advance(service.config.paymentTtlMs + 1000);
    expect((await service.http.get(old.path)).text).toContain('该订单已支付');
  });

  it('still says expired for an old link of an order that is not paid', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service));
    const old = await payLink(service, buyer, order.id);
    const cancelled = await service.http.post(`${old.path}/cancel`).type('form').send('');
    expect(cancelled.status).toBe(303);
    await payLink(service, buyer, order.id);
    const page = await service.http.get(old.path);
    expect(page.status).toBe(410);
    expect(page.text).toContain('支付链接已过期！');
  });
});
