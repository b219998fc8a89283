import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import {
  addCartLine,
  addProduct,
  placeOrder,
  product,
  type Shopper,
  shopper,
  startShop,
} from './orders-fixture.ts';
import { orderRow } from './payments-fixture.ts';

describe('orders: preview, placement, idempotency, stock', () => {
  let service: TestService, buyer: Shopper;
  beforeAll(async () => ({ service, buyer } = await startShop()));
  afterAll(() => service.close());

  it('previews cart lines and buy-now with amounts, availability, methods and the default address', async () => {
    const a = await addProduct(service, { price: 1999, stock: 5 });
    const b = await addProduct(service, { price: 500, stock: 1 });
    const off = await addProduct(service, { price: 100, stock: 9, onShelf: false });
    const lines = [
      await addCartLine(service, buyer.userId, a, 2),
      await addCartLine(service, buyer.userId, b, 3),
      await addCartLine(service, buyer.userId, off, 1),
    ];
    const res = await service.http
      .post('/service/shop/order/preview')
      .set(buyer.headers)
      .send({ cartLineIds: lines });
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data.items.map((i: { productId: number }) => i.productId)).toEqual([a, b, off]);
    expect(data.items[0]).toMatchObject({ unitPrice: 1999, quantity: 2, amount: 3998, available: true });
    expect(data.items[1]).toMatchObject({ available: false, unavailableReason: 'insufficientStock' });
    expect(data.items[2]).toMatchObject({ available: false, unavailableReason: 'offShelf' });
    expect(data).toMatchObject({
      totalQuantity: 6,
      productAmount: 3998 + 1500 + 100,
      shippingFee: 0,
      payableAmount: 5598,
      allAvailable: false,
    });
    expect(data.paymentMethods).toEqual([
      { code: 'lpay', enabled: true },
      { code: 'stripe', enabled: false },
      { code: 'wkpay', enabled: false },
    ]);
    expect(data.defaultAddress).toMatchObject({ id: buyer.addressId, recipient: '张三', isDefault: true });

    const now = await service.http
      .post('/service/shop/order/preview')
      .set(buyer.headers)
      .send({ productId: a, quantity: 3 });
    expect(now.body.data).toMatchObject({ totalQuantity: 3, payableAmount: 5997, allAvailable: true });
    await service.ctx.db.deleteFrom('cart_lines').where('user_id', '=', buyer.userId).execute();
  });

  it('requires an address and a payment method with the documented texts, and offers only lpay', async () => {
    const id = await addProduct(service, { stock: 3 });
    const base = { productId: id, quantity: 1, requestId: randomUUID() };
    const noAddress = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .send({ ...base, paymentMethod: 'lpay' });
    expect(noAddress.status).toBe(200);
    expect(noAddress.body).toMatchObject({ success: false, alterMsg: '请选择收货地址!' });
    const english = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .set('Accept-Language', 'en-GB')
      .send({ ...base, paymentMethod: 'lpay' });
    expect(english.body.alterMsg).toBe('Please select the delivery address!');
    const noMethod = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .send({ ...base, addressId: buyer.addressId });
    expect(noMethod.body).toMatchObject({ success: false, alterMsg: '请选择支付方式!' });
    const noMethodEn = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .set('Accept-Language', 'en-GB')
      .send({ ...base, addressId: buyer.addressId, paymentMethod: '' });
    expect(noMethodEn.body.alterMsg).toBe('Please select the payment method!');
    for (const method of ['stripe', 'wkpay']) {
      const res = await service.http
        .post('/service/shop/order')
        .set(buyer.headers)
        .send({ ...base, addressId: buyer.addressId, paymentMethod: method });
      expect(res.body).toMatchObject({ success: false, message: 'order.paymentMethodUnavailable' });
    }
    const noRequest = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .send({ productId: id, quantity: 1, addressId: buyer.addressId, paymentMethod: 'lpay' });
    expect(noRequest.status).toBe(400);
    const someoneElsesAddress = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .send({ ...base, addressId: 999_999, paymentMethod: 'lpay' });
    expect(someoneElsesAddress.body.alterMsg).toBe('请选择收货地址!');
    expect(await product(service, id)).toMatchObject({ stock: 3, sales: 0 });
    const orders = await service.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('places an order from cart lines: stock reserved, prices and address snapshotted, lines removed', async () => {
    const a = await addProduct(service, { price: 1000, stock: 4 });
    const b = await addProduct(service, { price: 250, stock: 2 });
    const keep = await addProduct(service, { price: 1, stock: 2 });
    const lineA = await addCartLine(service, buyer.userId, a, 3);
    const lineB = await addCartLine(service, buyer.userId, b, 2);
    const lineKeep = await addCartLine(service, buyer.userId, keep, 1);
    const res = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .send({
        cartLineIds: [lineA, lineB],
        addressId: buyer.addressId,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      });
    expect(res.body.success).toBe(true);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: 0,
      paymentStatus: 0,
      paymentMethod: 'lpay',
      totalQuantity: 5,
      productAmount: 3500,
      payableAmount: 3500,
      paidAmount: 0,
      address: { recipient: '张三', phone: '13800000000', city: '上海市', detail: '浦东新区世纪大道 100 号' },
      payment: { method: 'lpay', status: 0, paidAt: null },
      refund: null,
      actions: { canPay: true, canCancel: true, canReceive: false, canRefund: false },
    });
    expect(order.orderNo).toMatch(/^\d{20}$/);
    expect(order.items).toHaveLength(2);
    const deadline = Date.parse(order.paymentDeadline) - Date.parse(order.createdAt);
    expect(deadline).toBe(service.config.orderPaymentDeadlineMs);
    expect(await product(service, a)).toMatchObject({ stock: 1, sales: 3 });
    expect(await product(service, b)).toMatchObject({ stock: 0, sales: 2 });
    const left = await service.ctx.db
      .selectFrom('cart_lines')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .execute();
    expect(left.map((l) => l.id)).toEqual([lineKeep]);

    // Later price and address changes do not touch the order.
    await service.ctx.db.updateTable('products').set({ price: 99_999 }).where('id', '=', a).execute();
    await service.ctx.db
      .updateTable('addresses')
      .set({ city: '北京市' })
      .where('id', '=', buyer.addressId)
      .execute();
    const detail = await service.http.get(`/service/shop/order/${order.id}`).set(buyer.headers);
    expect(detail.body.data.items[0]).toMatchObject({ productId: a, unitPrice: 1000, amount: 3000 });
    expect(detail.body.data.address.city).toBe('上海市');
    await service.ctx.db
      .updateTable('addresses')
      .set({ city: '上海市' })
      .where('id', '=', buyer.addressId)
      .execute();
    await service.ctx.db.deleteFrom('cart_lines').where('user_id', '=', buyer.userId).execute();
  });

  it('refuses an order that asks for more than the stock and stores nothing', async () => {
    const id = await addProduct(service, { stock: 2 });
    const res = await service.http.post('/service/shop/order').set(buyer.headers).send({
      productId: id,
      quantity: 3,
      addressId: buyer.addressId,
      paymentMethod: 'lpay',
      requestId: randomUUID(),
    });
    expect(res.body).toMatchObject({ success: false, message: 'order.insufficientStock' });
    const off = await addProduct(service, { stock: 2, onShelf: false });
    const offRes = await service.http.post('/service/shop/order').set(buyer.headers).send({
      productId: off,
      quantity: 1,
      addressId: buyer.addressId,
      paymentMethod: 'lpay',
      requestId: randomUUID(),
    });
    expect(offRes.body).toMatchObject({ success: false, message: 'order.productOffShelf' });
    expect(await product(service, id)).toMatchObject({ stock: 2, sales: 0 });
    const count = await service.ctx.db
      .selectFrom('order_items')
      .select('id')
      .where('product_id', 'in', [id, off])
      .execute();
    expect(count).toHaveLength(0);
  });

  it('answers the same requestId sent 10 times in parallel with one order', async () => {
    const id = await addProduct(service, { stock: 5 });
    const requestId = randomUUID();
    const body = { productId: id, quantity: 2, addressId: buyer.addressId, paymentMethod: 'lpay', requestId };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.http.post('/service/shop/order').set(buyer.headers).send(body),
      ),
    );
    for (const res of answers) expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const ids = new Set(answers.map((res) => res.body.data.id));
    expect(ids.size).toBe(1);
    const rows = await service.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('request_id', '=', requestId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await product(service, id)).toMatchObject({ stock: 3, sales: 2 });
    const again = await service.http.post('/service/shop/order').set(buyer.headers).send(body);
    expect(again.body.data.id).toBe([...ids][0]);
  });

  it('sells the last unit to exactly one of 50 concurrent buyers, never below zero', async () => {
    const id = await addProduct(service, { stock: 1 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => shopper(service)));
    const answers = await Promise.all(
      buyers.map((b) =>
        service.http.post('/service/shop/order').set(b.headers).send({
          productId: id,
          quantity: 1,
          addressId: b.addressId,
          paymentMethod: 'lpay',
          requestId: randomUUID(),
        }),
      ),
    );
    const won = answers.filter((res) => res.body.success);
    const lost = answers.filter((res) => !res.body.success);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const res of lost) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('order.insufficientStock');
    }
    expect(await product(service, id)).toMatchObject({ stock: 0, sales: 1 });
    const items = await service.ctx.db
      .selectFrom('order_items')
      .select('id')
      .where('product_id', '=', id)
      .execute();
    expect(items).toHaveLength(1);
  });

  it('cancels a pending order: stock and sales restored, payment status cancel; twice is refused', async () => {
    const id = await addProduct(service, { stock: 4 });
    const order = await placeOrder(service, buyer, id, 3);
    expect(await product(service, id)).toMatchObject({ stock: 1, sales: 3 });
    const res = await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyer.headers);
    expect(res.body).toMatchObject({
      success: true,
      data: { status: 4, paymentStatus: 2, cancelReason: 'shopper' },
    });
    expect(await product(service, id)).toMatchObject({ stock: 4, sales: 0 });
    const again = await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyer.headers);
    expect(again.body).toMatchObject({ success: false, alterMsg: '当前订单状态不允许该操作' });
    expect(await product(service, id)).toMatchObject({ stock: 4, sales: 0 });
  });

  it('lists the caller’s orders by status with items and hides other shoppers’ orders (404)', async () => {
    const other = await shopper(service);
    const id = await addProduct(service, { stock: 10 });
    const mine = await placeOrder(service, buyer, id);
    const theirs = await placeOrder(service, other, id);
    const page = await service.http.get('/service/shop/order/page?status=0&pageSize=999').set(buyer.headers);
    expect(page.body.data.pageSize).toBe(999);
    const ids = page.body.data.records.map((o: { id: number }) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    for (const record of page.body.data.records) {
      expect(record.status).toBe(0);
      expect(record.items.length).toBeGreaterThan(0);
    }
    const cancelledPage = await service.http.get('/service/shop/order/page?status=4').set(buyer.headers);
    expect(cancelledPage.body.data.records.every((o: { status: number }) => o.status === 4)).toBe(true);
    for (const path of ['', '/after-sales']) {
      const res = await service.http.get(`/service/shop/order/${theirs.id}${path}`).set(buyer.headers);
      expect(res.status).toBe(404);
    }
    const cancel = await service.http.post(`/service/shop/order/${theirs.id}/cancel`).set(buyer.headers);
    expect(cancel.status).toBe(404);
    expect((await orderRow(service, theirs.id)).status).toBe(0);
    const anonymous = await service.http.get('/service/shop/order/page');
    expect(anonymous.status).toBe(401);
  });
});
