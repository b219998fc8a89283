import { formatDateTime } from '@shop/common/format.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, placeOrder, type Shopper, shopper, startShop } from './orders-fixture.ts';
import { ledgerRows, notify, orderRow, payLink, payThroughPage, succeededEvent } from './payments-fixture.ts';

describe('payments: lpay link, hosted page, signed notifications', () => {
  let service: TestService, buyer: Shopper;
  beforeAll(async () => ({ service, buyer } = await startShop({ PUBLIC_ORIGIN: 'https://shop.example' })));
  afterAll(() => service.close());

  const paymentEvents = (orderId: number) =>
    service.ctx.db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).execute();

  it('gives an lpay link with an expiry and refuses the other methods', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service));
    for (const method of ['stripe', 'wkpay']) {
      const res = await service.http
        .post(`/service/shop/pay/${order.id}`)
        .set(buyer.headers)
        .send({ method });
      expect(res.body).toMatchObject({ success: false, message: 'order.paymentMethodUnavailable' });
    }
    const missing = await service.http.post(`/service/shop/pay/${order.id}`).set(buyer.headers).send({});
    expect(missing.body).toMatchObject({ success: false, alterMsg: '请选择支付方式!' });
    const before = service.ctx.now().getTime();
    const res = await service.http
      .post(`/service/shop/pay/${order.id}`)
      .set(buyer.headers)
      .send({ method: 'lpay' });
    expect(res.body.success).toBe(true);
    const { payUrl, expiresAt } = res.body.data;
    // a path: the gateway serves it on whichever of the shop's origins the shopper used
    expect(payUrl).toMatch(/^\/service\/pay\/lpay\/checkout\/[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(service.config.paymentTtlMs - 1000);
    expect(ttl).toBeLessThanOrEqual(service.config.paymentTtlMs + 1000);
    const token = payUrl.split('/').pop();
    const stored = await service.ctx.db
      .selectFrom('payments')
      .select('token_hash')
      .where('order_id', '=', order.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    const other = await shopper(service);
    const foreign = await service.http
      .post(`/service/shop/pay/${order.id}`)
      .set(other.headers)
      .send({ method: 'lpay' });
    expect(foreign.status).toBe(404);
  });

  it('shows the hosted page with amount, order number, Pay and Cancel, in the caller’s language', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 1_234_567 }));
    const link = await payLink(service, buyer, order.id);
    const zh = await service.http.get(link.path);
    expect(zh.status).toBe(200);
    expect(zh.headers['content-type']).toMatch(/text\/html/);
    expect(zh.text).toContain('<html lang="zh-CN">');
    expect(zh.text).toContain('¥12,345.67');
    expect(zh.text).toContain(order.orderNo);
    // The deadline reads in the shop's zone (Asia/Shanghai), the same as every other screen.
    const expiresAt = /<time datetime="([^"]+)">([^<]+)<\/time>/.exec(zh.text);
    expect(expiresAt?.[2]).toBe(formatDateTime(expiresAt?.[1], 'zh-CN', 'Asia/Shanghai'));
    expect(expiresAt?.[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(zh.text).toContain('确认支付');
    expect(zh.text).toContain('取消支付');
    expect(zh.text).toContain(`action="./${link.token}/confirm"`);
    expect(zh.text).toContain(`action="./${link.token}/cancel"`);
    expect(zh.text).not.toMatch(/<script|src="http|href="http[^"]*\.css/);
    const en = await service.http.get(link.path).set('Accept-Language', 'en-GB,en;q=0.8');
    expect(en.text).toContain('<html lang="en-GB">');
    expect(en.text).toMatch(/<button type="submit" class="primary">Pay<\/button>/);
    // the shop's frame: its name in the page's language, leading home
    expect(zh.text).toMatch(/<header><a href="\/">乐购商城<\/a><\/header>/);
    expect(en.text).toMatch(/<header><a href="[^"]+">LeGou Shop<\/a><\/header>/);
    // the language chosen in the storefront (its cookie) wins over the browser's, in the shop's format
    const chosen = await service.http
      .get(link.path)
      .set('Accept-Language', 'zh-CN')
      .set('Cookie', 'sid=x; shop_locale=en-GB');
    expect(chosen.text).toContain('<html lang="en-GB">');
    expect(chosen.text).toContain('Pay before');
    const deadline = /<time datetime="([^"]+)">([^<]+)<\/time>/.exec(chosen.text);
    expect(deadline?.[2]).toBe(formatDateTime(deadline?.[1], 'en-GB', 'Asia/Shanghai'));
    const back = await service.http
      .get(link.path)
      .set('Accept-Language', 'en-GB')
      .set('Cookie', 'shop_locale=zh-CN');
    expect(back.text).toContain('<html lang="zh-CN">');
    const json = await service.http.get(link.path).set('Accept', 'application/json');
    expect(json.body).toMatchObject({
      success: true,
      data: { orderNo: order.orderNo, amount: 1_234_567, amountText: '¥12,345.67' },
    });
  });

  it('pays through the page: notification, redirect to the result page, order and ledger move together', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 8800 }), 2);
    const paid = await payThroughPage(service, buyer, order.id);
    // back on the origin the shopper paid from, where the session cookie is (not on PUBLIC_ORIGIN)
    expect(paid.location).toBe(`/order/pay-result?orderId=${order.id}`);
    const row = await orderRow(service, order.id);
    expect(row).toMatchObject({ status: 1, payment_status: 1, paid_amount: 17_600 });
    expect(row.paid_at).not.toBeNull();
    const payments = await service.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(payments.map((p) => p.status)).toEqual([1]);
    const ledger = await ledgerRows(service, order.id);
    expect(ledger).toMatchObject([
      { direction: 0, amount: 17_600, type: 'order-payment', order_no: order.orderNo },
    ]);
    const result = await service.http.get(`/service/shop/pay/result/${order.id}`).set(buyer.headers);
    expect(result.body.data).toMatchObject({
      orderStatus: 1,
      paymentStatus: 1,
      paidAmount: 17_600,
      orderNo: order.orderNo,
    });
    // The used link leads to the result again; a new link is refused (no longer pending).
    const reopened = await service.http.get(paid.path);
    expect(reopened.status).toBe(303);
    const again = await service.http
      .post(`/service/shop/pay/${order.id}`)
      .set(buyer.headers)
      .send({ method: 'lpay' });
    expect(again.body).toMatchObject({ success: false, alterMsg: '当前订单状态不允许该操作' });
    expect(await ledgerRows(service, order.id)).toHaveLength(1);
  });

  it('cancels on the page: the link dies, the order stays pending', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service));
    const link = await payLink(service, buyer, order.id);
    const res = await service.http.post(`${link.path}/cancel`).type('form').send('');
    expect(res.status).toBe(303);
    // The result page is told at once that the shopper cancelled (no waiting for a notification).
    expect(res.headers.location).toBe(`/order/pay-result?orderId=${order.id}&cancelled=1`);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 0, payment_status: 0 });
    const page = await service.http.get(link.path);
    expect(page.status).toBe(410);
    expect(page.text).toContain('支付链接已过期！');
    const confirm = await service.http.post(`${link.path}/confirm`).type('form').send('');
    expect(confirm.status).toBe(410);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 0, payment_status: 0 });
  });

  it('expires links: 410 page, JSON refusal, English text, nothing paid', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service));
    const link = await payLink(service, buyer, order.id);
    service.clock.advance(service.config.paymentTtlMs + 1000);
    const page = await service.http.get(link.path);
    expect(page.status).toBe(410);
    expect(page.text).toContain('支付链接已过期！');
    const en = await service.http.get(link.path).set('Accept-Language', 'en-GB');
    expect(en.text).toContain('Payment link expired!');
    const json = await service.http.get(link.path).set('Accept', 'application/json');
    expect(json.body).toMatchObject({
      success: false,
      alterMsg: '支付链接已过期！',
      message: 'payment.linkExpired',
    });
    const confirm = await service.http.post(`${link.path}/confirm`).type('form').send('');
    expect(confirm.status).toBe(410);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 0, payment_status: 0 });
    const unknown = await service.http.get(`/service/pay/lpay/checkout/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(410);
    // The order is still payable with a fresh link until its own deadline.
    const fresh = await payLink(service, buyer, order.id);
    expect((await service.http.get(fresh.path)).status).toBe(200);
  });

  it('applies a notification replayed 10 times, in parallel and out of order, exactly once', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 4321 }));
    const link = await payLink(service, buyer, order.id);
    const event = (eventId: string) => succeededEvent(service, order.id, link.token, 4321, eventId);
    const now = service.ctx.now().getTime();
    const sends = [
      // the same event re-sent with different signing times, shuffled
      ...Array.from({ length: 10 }, (_, i) =>
        notify(service, event('evt-same'), { at: new Date(now - (9 - i) * 20_000) }),
      ),
      // later deliveries of the same payment under other event ids
      ...Array.from({ length: 4 }, (_, i) => notify(service, event(`evt-other-${i}`))),
    ].reverse();
    const answers = await Promise.all(sends);
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const outcomes = answers.map((res) => res.body.data.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o === 'paid' || o === 'duplicate-event' || o === 'already-paid'),
    ).toHaveLength(14);
    expect(await orderRow(service, order.id)).toMatchObject({
      status: 1,
      payment_status: 1,
      paid_amount: 4321,
    });
    expect(await ledgerRows(service, order.id)).toHaveLength(1);
    const events = await paymentEvents(order.id);
    expect(events.map((e) => e.event_id).sort()).toEqual([
      'evt-other-0',
      'evt-other-1',
      'evt-other-2',
      'evt-other-3',
      'evt-same',
    ]);
    const refunds = await service.ctx.db
      .selectFrom('refunds')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(refunds).toHaveLength(0);
  });

  it('refuses stale, future, badly signed, tampered or unsigned notifications with nothing changed', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 700 }));
    const link = await payLink(service, buyer, order.id);
    const event = succeededEvent(service, order.id, link.token, 700);
    const now = service.ctx.now().getTime();
    const stale = await notify(service, event, { at: new Date(now - 301_000) });
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ success: false, message: 'payment.signatureStale' });
    const future = await notify(service, event, { at: new Date(now + 301_000) });
    expect(future.status).toBe(401);
    const wrongSecret = await notify(service, event, { secret: 'not-the-secret' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.message).toBe('payment.signatureInvalid');
    const { signPayload } = await import('../../service/src/modules/payments/signature.ts');
    const tampered = await notify(service, event, {
      header: signPayload(
        service.ctx.secrets.lpay,
        JSON.stringify({ ...event, amount: 1 }),
        service.ctx.now(),
      ),
    });
    expect(tampered.status).toBe(401);
    const malformed = await notify(service, event, { header: 't=abc,v1=zz' });
    expect(malformed.status).toBe(400);
    const unsigned = await service.http.post('/service/pay/lpay/notify').send(event);
    expect(unsigned.status).toBe(400);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 0, payment_status: 0, paid_amount: 0 });
    expect(await paymentEvents(order.id)).toHaveLength(0);
    expect(await ledgerRows(service, order.id)).toHaveLength(0);
    // Within the tolerance the same event is accepted (a fresh clock reading: the refusals
    // above took real time, which a loaded machine can stretch past a second).
    const fine = await notify(service, event, { at: new Date(service.ctx.now().getTime() - 290_000) });
    expect(fine.body).toMatchObject({ success: true, data: { outcome: 'paid' } });
  });

  it('refuses a notification whose amount does not match and does not record it as processed', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 1000 }));
    const link = await payLink(service, buyer, order.id);
    const res = await notify(service, succeededEvent(service, order.id, link.token, 999));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('payment.amountMismatch');
    expect(await orderRow(service, order.id)).toMatchObject({ status: 0, payment_status: 0 });
    expect(await paymentEvents(order.id)).toEqual([]);
    expect(await ledgerRows(service, order.id)).toHaveLength(0);
  });

  it('records a payment that arrives after cancellation and sends it to refund review', async () => {
    const productId = await addProduct(service, { price: 2500, stock: 3 });
    const order = await placeOrder(service, buyer, productId);
    const link = await payLink(service, buyer, order.id);
    await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyer.headers).expect(200);
    const res = await notify(service, succeededEvent(service, order.id, link.token, 2500));
    expect(res.body).toMatchObject({ success: true, data: { outcome: 'late-payment' } });
    expect(await orderRow(service, order.id)).toMatchObject({
      status: 4,
      payment_status: 1,
      paid_amount: 2500,
    });
    const refunds = await service.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(refunds).toMatchObject([
      { origin: 'late-payment', review_status: 1, amount: 2500, user_id: buyer.userId },
    ]);
    expect(await ledgerRows(service, order.id)).toMatchObject([{ direction: 0, amount: 2500 }]);
    const stock = await service.ctx.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(stock.stock).toBe(3);
  });
});
