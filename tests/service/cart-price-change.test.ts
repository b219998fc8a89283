/**
 * A cart line remembers the unit price its product had when the shopper added it: once the price
 * changes the cart shows the new price with the old one (`priceChangedFrom`), adding the product
 * again takes the current price as seen, and an order placed after the change is charged the new
 * price, whatever the line remembers.
 */
import { randomUUID } from 'node:crypto';
import type { RestCart, RestCartLine } from '@shop/common/rest/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, type Shopper, shopper, startShop } from './orders-fixture.ts';

describe('cart: the price changed since it was added', () => {
  let service: TestService;
  let buyer: Shopper;
  beforeAll(async () => ({ service, buyer } = await startShop()));
  afterAll(() => service.close());

  const setPrice = (id: number, price: number) =>
    service.ctx.db.updateTable('products').set({ price }).where('id', '=', id).execute();
  const cart = async (who: Shopper = buyer): Promise<RestCart> => {
    const res = await service.http.get('/service/shop/cart').set(who.headers);
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const lineOf = async (productId: number, who: Shopper = buyer): Promise<RestCartLine> => {
    const line = (await cart(who)).lines.find((l) => l.productId === productId);
    if (!line) throw new Error(`no line for product ${productId}`);
    return line;
  };
  const add = async (productId: number, quantity: number, who: Shopper = buyer) => {
    const res = await service.http
      .post('/service/shop/cart/lines')
      .set(who.headers)
      .send({ productId, quantity });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  };

  it('shows the new price with the price it was added at, and totals at the new price', async () => {
    const id = await addProduct(service, { price: 1999, stock: 20 });
    await add(id, 2);
    expect(await lineOf(id)).toMatchObject({ unitPrice: 1999, priceChangedFrom: null, subtotal: 3998 });

    await setPrice(id, 1799);
    expect(await lineOf(id)).toMatchObject({ unitPrice: 1799, priceChangedFrom: 1999, subtotal: 3598 });
    const whole = await cart();
    const others = whole.lines.filter((l) => l.productId !== id && l.selected && l.available);
    expect(whole.selectedTotal).toBe(3598 + others.reduce((sum, l) => sum + l.subtotal, 0));

    // Back to the price it was added at: nothing changed for the shopper.
    await setPrice(id, 1999);
    expect((await lineOf(id)).priceChangedFrom).toBeNull();
  });

  it('takes the current price as seen when the product is added again', async () => {
    const id = await addProduct(service, { price: 5000, stock: 20 });
    await add(id, 1);
    await setPrice(id, 5500);
    expect((await lineOf(id)).priceChangedFrom).toBe(5000);
    await add(id, 1);
    expect(await lineOf(id)).toMatchObject({ quantity: 2, unitPrice: 5500, priceChangedFrom: null });
    await setPrice(id, 4800);
    expect((await lineOf(id)).priceChangedFrom).toBe(5500);
  });

  it('says nothing for a line from before added prices were kept', async () => {
    const id = await addProduct(service, { price: 300, stock: 5 });
    await add(id, 1);
    await service.ctx.db
      .updateTable('cart_lines')
      .set({ added_price: null })
      .where('user_id', '=', buyer.userId)
      .where('product_id', '=', id)
      .execute();
    await setPrice(id, 350);
    expect(await lineOf(id)).toMatchObject({ unitPrice: 350, priceChangedFrom: null });
  });

  it('charges an order placed after the change the new price', async () => {
    const other = await shopper(service);
    const id = await addProduct(service, { price: 10_000, stock: 10 });
    await add(id, 3, other);
    const line = await lineOf(id, other);
    await setPrice(id, 8_800);

    const preview = await service.http
      .post('/service/shop/order/preview')
      .set(other.headers)
      .send({ cartLineIds: [line.id] });
    expect(preview.body.data.items[0]).toMatchObject({ unitPrice: 8_800, amount: 26_400 });

    const res = await service.http
      .post('/service/shop/order')
      .set(other.headers)
      .send({
        cartLineIds: [line.id],
        addressId: other.addressId,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.data).toMatchObject({ productAmount: 26_400, payableAmount: 26_400 });
    expect(res.body.data.items[0]).toMatchObject({ productId: id, unitPrice: 8_800, quantity: 3 });
    const stored = await service.ctx.db
      .selectFrom('order_items')
      .select(['unit_price', 'amount'])
      .where('product_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ unit_price: 8_800, amount: 26_400 });
  });
});
