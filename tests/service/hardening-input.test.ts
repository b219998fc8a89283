import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, orderInStatus, type Shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

/**
 * Control characters, direction overrides and zero-width
 * characters are refused in every text (a 400 in the caller's language, nothing stored, never
 * a 500 on PostgreSQL), and REST numbers are whole numbers, not whatever JavaScript coerces.
 */
describe('hardening: text and number input', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const address = { recipient: '李四', phone: '13900000000', city: '北京市', detail: '朝阳区 1 号' };
  const addressCount = async () =>
    (await service.ctx.db.selectFrom('addresses').select('id').where('user_id', '=', buyer.userId).execute())
      .length;

  const CONTROL = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085'];
  const INVISIBLE = [
    '\u202e',
    '\u202a',
    '\u2066',
    '\u2069',
    '\u200b',
    '\u200d',
    '\u200f',
    '\ufeff',
    '\u2060',
  ];

  it('refuses control characters in addresses, names, login accounts, refund reasons and review remarks', async () => {
    const before = await addressCount();
    for (const bad of CONTROL) {
      for (const field of Object.keys(address) as Array<keyof typeof address>) {
        const value = field === 'phone' ? `139${bad}00000000` : `前${bad}后`;
        const res = await service.http
          .post('/service/shop/address')
          .set(buyer.headers)
          .send({ ...address, [field]: value });
        expect(res.status, `${field} ${JSON.stringify(bad)}: ${res.text}`).toBe(400);
        expect(res.body.message).toBe('validation.controlCharacters');
        expect(res.body.data.fields).toHaveProperty(field);
      }
      const name = await service.http
        .put('/service/shop/shop-user')
        .set(buyer.headers)
        .set('Accept-Language', 'en-GB')
        .send({ name: `Ann${bad}` });
      expect(name.status, name.text).toBe(400);
      expect(name.body.alterMsg).toMatch(/contains control characters that are not allowed$/);

      const login = await service.http
        .post('/service/shop/shop-user/login')
        .send({ account: `demo${bad}`, password: 'demo123' });
      expect(login.status, login.text).toBe(400);
      expect(login.body.alterMsg).toMatch(/含有不允许的控制字符$/);
    }
    expect(await addressCount()).toBe(before);

    const productId = await addProduct(service, { stock: 10 });
    const orderId = await orderInStatus(service, buyer, admin, 1, productId);
    const reason = await service.http
      .post(`/service/shop/order/${orderId}/refund`)
      .set(buyer.headers)
      .send({ reason: 'broken\u0000' });
    expect(reason.status, reason.text).toBe(400);
    expect(reason.body.message).toBe('validation.controlCharacters');
    // A refund reason may have several lines; a tab is fine there too.
    const applied = await service.http
      .post(`/service/shop/order/${orderId}/refund`)
      .set(buyer.headers)
      .send({ reason: 'broken\r\non arrival\tsorry' });
    expect(applied.body.success, applied.text).toBe(true);
    const refund = await service.ctx.db
      .selectFrom('refunds')
      .select(['id', 'reason'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(refund.reason).toBe('broken\r\non arrival\tsorry');
    const review = await service.http
      .post(`/service/admin/refund/${refund.id}/review`)
      .set(admin.headers)
      .send({ approve: true, remark: 'ok\u0000' });
    expect(review.status, review.text).toBe(400);
    expect(review.body.message).toBe('validation.controlCharacters');
    const stillPending = await service.ctx.db
      .selectFrom('refunds')
      .select('review_status')
      .where('id', '=', refund.id)
      .executeTakeFirstOrThrow();
    expect(stillPending.review_status).toBe(1);
  });

  it('refuses line breaks and tabs inside one-line texts', async () => {
    for (const bad of ['\n', '\r', '\t']) {
      const res = await service.http
        .post('/service/shop/address')
        .set(buyer.headers)
        .send({ ...address, detail: `朝阳区${bad}1 号` });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({
        message: 'validation.lineBreak',
        alterMsg: '详细地址 不能包含换行或制表符',
      });
      const name = await service.http
        .put('/service/shop/shop-user')
        .set(buyer.headers)
        .send({ name: `A${bad}B` });
      expect(name.status, name.text).toBe(400);
      expect(name.body.message).toBe('validation.lineBreak');
    }
  });

  it('refuses direction overrides, isolates and zero-width characters (display spoofing)', async () => {
    const before = await addressCount();
    for (const bad of INVISIBLE) {
      for (const [field, value] of [
        ['phone', `${bad}13900000000`],
        ['recipient', `李${bad}四`],
        ['detail', `朝阳区${bad}`],
      ]) {
        const res = await service.http
          .post('/service/shop/address')
          .set(buyer.headers)
          .set('Accept-Language', 'en-GB')
          .send({ ...address, [field]: value });
        expect(res.status, `${field} U+${bad.charCodeAt(0).toString(16)}`).toBe(400);
        expect(res.body.message).toBe('validation.invisibleCharacters');
        expect(res.body.alterMsg).toMatch(
          /contains invisible or text-direction characters that are not allowed$/,
        );
      }
      const name = await service.http
        .put('/service/shop/shop-user')
        .set(buyer.headers)
        .send({ name: `王${bad}五` });
      expect(name.status).toBe(400);
      expect(name.body.message).toBe('validation.invisibleCharacters');
    }
    expect(await addressCount()).toBe(before);
    // Ordinary text in several scripts is still welcome.
    const fine = await service.http
      .post('/service/shop/address')
      .set(buyer.headers)
      .send({ ...address, recipient: 'Zoë Ünal 张', detail: 'Flat 3, 10 Downing St — 东城区' });
    expect(fine.body.success, fine.text).toBe(true);
  });

  it('accepts whole numbers (and their digit strings) only as quantities and ids', async () => {
    const productId = await addProduct(service, { stock: 500 });
    const loose: unknown[] = [true, [3], '0x3', '1e2', ' 3 ', 2.5, '3.0', {}, '+3', '-3'];
    for (const quantity of loose) {
      const cart = await service.http
        .post('/service/shop/cart/lines')
        .set(buyer.headers)
        .send({ productId, quantity });
      expect(cart.status, `cart quantity ${JSON.stringify(quantity)}`).toBe(400);
      expect(cart.body.data.fields).toHaveProperty('quantity');

      const order = await service.http.post('/service/shop/order').set(buyer.headers).send({
        productId,
        quantity,
        addressId: buyer.addressId,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      });
      expect(order.status, `order quantity ${JSON.stringify(quantity)}`).toBe(400);
      expect(order.body.data.fields).toHaveProperty('quantity');
    }
    for (const id of [true, [productId], `0x${productId.toString(16)}`, ` ${productId}`]) {
      const res = await service.http
        .post('/service/shop/cart/lines')
        .set(buyer.headers)
        .send({ productId: id, quantity: 1 });
      expect(res.status, `productId ${JSON.stringify(id)}`).toBe(400);
    }
    // Beyond PostgreSQL's integer: refused as invalid, not a database error.
    const huge = await service.http.get('/service/shop/order/99999999999').set(buyer.headers);
    expect(huge.status, huge.text).toBe(400);
    const hugeBody = await service.http
      .post('/service/shop/cart/lines')
      .set(buyer.headers)
      .send({ productId: 1e12, quantity: 1 });
    expect(hugeBody.status, hugeBody.text).toBe(400);
    const bad = await service.http
      .post('/service/shop/cart/lines')
      .set(buyer.headers)
      .set('Accept-Language', 'en-GB')
      .send({ productId, quantity: true });
    expect(bad.body.alterMsg).toBe('Quantity is not valid');
    const cart = await service.http.get('/service/shop/cart').set(buyer.headers);
    expect(cart.body.data.lines).toHaveLength(0);
    expect((await service.http.get('/service/shop/order/page?pageNum=0x1').set(buyer.headers)).status).toBe(
      400,
    );

    // The honest forms still work: a JSON integer and its decimal digits.
    for (const quantity of [3, '3']) {
      const res = await service.http
        .post('/service/shop/cart/lines')
        .set(buyer.headers)
        .send({ productId, quantity });
      expect(res.body.success, res.text).toBe(true);
    }
    const placed = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .send({
        productId: String(productId),
        quantity: '2',
        addressId: buyer.addressId,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      });
    expect(placed.body.success, placed.text).toBe(true);
    expect(placed.body.data.totalQuantity).toBe(2);
  });
});
