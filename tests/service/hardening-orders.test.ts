import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';
import { addCartLine, addProduct, product, type Shopper, shopper } from './orders-fixture.ts';

/**
 * An idempotency key answers only the request it was first used
 * with (and before anything is validated), and two tabs placing the same cart make one order.
 */
describe('hardening: order placement', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ ACCESS_TOKEN_TTL: '7d' });
  });
  afterAll(() => service.close());

  const place = (buyer: Shopper, body: Record<string, unknown>) =>
    service.http.post('/service/shop/order').set(buyer.headers).send(body);
  const ordersOf = (userId: number) =>
    service.ctx.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute();

  it('binds a request id to its body: the same body is answered with the first order, another is refused', async () => {
    const buyer = await shopper(service);
    const productId = await addProduct(service, { stock: 10 });
    const requestId = randomUUID();
    const body = { productId, quantity: 1, addressId: buyer.addressId, paymentMethod: 'lpay', requestId };
    const first = await place(buyer, body);
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);

    // The same request again, keys in another order: the same order, nothing new reserved.
    const { requestId: _, ...rest } = body;
    const retry = await place(buyer, { requestId, ...rest });
    expect(retry.body).toMatchObject({ success: true, data: { id: first.body.data.id } });

    for (const changed of [
      { ...body, quantity: 2 },
      { ...body, productId: await addProduct(service) },
    ]) {
      const res = await place(buyer, changed).set('Accept-Language', 'en-GB');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        message: 'order.requestIdReused',
        alterMsg: 'This request id was already used for a different order request',
      });
    }
    const zh = await place(buyer, { ...body, quantity: 3 });
    expect(zh.body.alterMsg).toBe('该请求编号已用于另一笔不同的下单请求');
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect((await product(service, productId)).stock).toBe(9);
  });

  it('answers a retry with a known request id before validating (its address was deleted since)', async () => {
    const buyer = await shopper(service);
    const productId = await addProduct(service, { stock: 10 });
    const body = {
      productId,
      quantity: 1,
      addressId: buyer.addressId,
      paymentMethod: 'lpay',
      requestId: randomUUID(),
    };
    const first = await place(buyer, body);
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    const deleted = await service.http.delete(`/service/shop/address/${buyer.addressId}`).set(buyer.headers);
    expect(deleted.body.success, JSON.stringify(deleted.body)).toBe(true);
    await service.ctx.db.updateTable('products').set({ on_shelf: 0 }).where('id', '=', productId).execute();

    const retry = await place(buyer, body);
    expect(retry.body, JSON.stringify(retry.body)).toMatchObject({
      success: true,
      data: { id: first.body.data.id },
    });
    // A new request id over the same (now impossible) input is still checked.
    const fresh = await place(buyer, { ...body, requestId: randomUUID() });
    expect(fresh.body).toMatchObject({ success: false, message: 'order.selectAddress' });
  });

  it('two tabs placing the same cart lines with different request ids make one order (10 rounds)', async () => {
    const buyer = await shopper(service);
    const productId = await addProduct(service, { stock: 1000 });
    const other = await addProduct(service, { stock: 1000 });
    for (let round = 0; round < 10; round += 1) {
      const lines = [
        await addCartLine(service, buyer.userId, productId, 2),
        await addCartLine(service, buyer.userId, other, 1),
      ];
      const tab = () =>
        place(buyer, {
          cartLineIds: lines,
          addressId: buyer.addressId,
          paymentMethod: 'lpay',
          requestId: randomUUID(),
        });
      const answers = await Promise.all([tab(), tab()]);
      for (const res of answers) expect(res.status, res.text).toBe(200);
      const placed = answers.filter((res) => res.body.success);
      expect(placed, `round ${round}: ${answers.map((res) => res.text).join(' | ')}`).toHaveLength(1);
      const refused = answers.find((res) => !res.body.success)!;
      expect(refused.body.message).toBe('order.itemsMissing');
      expect(await ordersOf(buyer.userId)).toHaveLength(round + 1);
    }
    // Each round reserved its goods once.
    expect((await product(service, productId)).stock).toBe(1000 - 20);
    expect((await product(service, other)).stock).toBe(1000 - 10);
  });
});
