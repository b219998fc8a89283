import type { RestCart, RestCartLine } from '@shop/common/rest/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCartLines, MAX_CART_LINES } from '../../service/src/modules/cart/service.ts';
import { productRow } from '../../service/src/modules/catalogue/product-row.ts';
import { startTestService, type TestService } from './harness.ts';
import { createSession, type TestSession } from './session-fixture.ts';

type Cart = RestCart;

describe('cart', () => {
  let service: TestService;
  let product: (id: number) => Promise<{ id: number; price: number; stock: number }>;
  let onShelfWithStock: (min: number) => Promise<Array<{ id: number; price: number; stock: number }>>;

  beforeAll(async () => {
    service = await startTestService();
    product = (id) =>
      service.ctx.db
        .selectFrom('products')
        .select(['id', 'price', 'stock'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    onShelfWithStock = (min) =>
      service.ctx.db
        .selectFrom('products')
        .select(['id', 'price', 'stock'])
        .where('on_shelf', '=', 1)
        .where('stock', '>=', min)
        .orderBy('id')
        .execute();
  });
  afterAll(() => service.close());

  const cartOf = async (session: TestSession, locale = 'zh-CN') => {
    const res = await service.http
      .get('/service/shop/cart')
      .set(session.headers)
      .set('Accept-Language', locale);
    expect(res.status).toBe(200);
    return res.body.data as Cart;
  };
  const add = (session: TestSession, productId: number, quantity: number, locale = 'zh-CN') =>
    service.http
      .post('/service/shop/cart/lines')
      .set(session.headers)
      .set('Accept-Language', locale)
      .send({ productId, quantity });
  const setProduct = (id: number, values: { stock?: number; on_shelf?: number; price?: number }) =>
    service.ctx.db.updateTable('products').set(values).where('id', '=', id).execute();

  it('needs a signed-in user', async () => {
    expect((await service.http.get('/service/shop/cart')).status).toBe(401);
    expect(
      (await service.http.post('/service/shop/cart/lines').send({ productId: 1, quantity: 1 })).status,
    ).toBe(401);
  });

  it('starts empty', async () => {
    const session = await createSession(service);
    expect(await cartOf(session)).toEqual({
      lines: [],
      totalQuantity: 0,
      selectedTotal: 0,
      selectedQuantity: 0,
      allSelected: false,
    });
  });

  it("adds a product with '加入购物车成功!' and merges the same product into one line", async () => {
    const session = await createSession(service);
    const [a, b] = await onShelfWithStock(50);
    const first = await add(session, a.id, 2);
    expect(first.body).toMatchObject({ success: true, alterMsg: '加入购物车成功!', type: 1 });
    expect((await add(session, a.id, 3, 'en-GB')).body.alterMsg).toBe('Add to cart successfully!');
    await add(session, b.id, 1);
    const cart = await cartOf(session);
    expect(cart.lines).toHaveLength(2);
    const lineA = cart.lines.find((line) => line.productId === a.id)!;
    expect(lineA).toMatchObject({ quantity: 5, selected: true, unitPrice: a.price, subtotal: a.price * 5 });
    expect(lineA.available).toBe(true);
    expect(lineA.product!.image).toBe(`/service/static/products/${a.id}.svg?lang=zh-CN&v=1`);
    // The whole product as the catalogue answers it, so the gateway needs no second call.
    const catalogue = await service.http.get(`/service/shop/product/batch?ids=${a.id}`);
    expect(lineA.product).toEqual(catalogue.body.data[0]);
    expect(cart.totalQuantity).toBe(6);
    expect(cart.selectedQuantity).toBe(6);
    expect(cart.selectedTotal).toBe(a.price * 5 + b.price);
    expect(cart.allSelected).toBe(true);
    const en = await cartOf(session, 'en-GB');
    expect(en.lines[0].product!.name).toMatch(/^[\x20-\x7e]+$/);
  });

  it('bounds the quantity by stock and stores nothing on refusal', async () => {
    const session = await createSession(service);
    const [scarce] = await onShelfWithStock(1);
    await setProduct(scarce.id, { stock: 2 });
    expect((await add(session, scarce.id, 3)).body).toMatchObject({
      success: false,
      alterMsg: '库存不足，该商品最多可购买 2 件',
    });
    expect((await cartOf(session)).lines).toHaveLength(0);
    expect((await add(session, scarce.id, 2)).body.success).toBe(true);
    const again = await add(session, scarce.id, 1, 'en-GB');
    expect(again.status).toBe(200);
    expect(again.body.success).toBe(false);
    expect(again.body.alterMsg).toBe('Not enough stock: at most 2 of this product can be bought');
    expect((await cartOf(session)).lines[0].quantity).toBe(2);
  });

  it('refuses sold-out, off-shelf and unknown products', async () => {
    const session = await createSession(service);
    const [soldOut, off] = await onShelfWithStock(1);
    await setProduct(soldOut.id, { stock: 0 });
    await setProduct(off.id, { on_shelf: 0 });
    expect((await add(session, soldOut.id, 1)).body).toMatchObject({
      success: false,
      alterMsg: '该商品已售罄',
    });
    expect((await add(session, off.id, 1)).body).toMatchObject({ success: false, alterMsg: '该商品已下架~' });
    expect((await add(session, 999_999, 1)).status).toBe(404);
    expect((await cartOf(session)).lines).toHaveLength(0);
    await setProduct(soldOut.id, { stock: soldOut.stock });
    await setProduct(off.id, { on_shelf: 1 });
  });

  it('refuses malformed input with a 400 and the field message', async () => {
    const session = await createSession(service);
    const cases: Array<[unknown, string]> = [
      [{ productId: 1, quantity: 0 }, '请输入数量'],
      [{ productId: 1 }, '请输入数量'],
      [{ productId: 1, quantity: 'abc' }, '请输入数量'],
      [{ quantity: 1 }, '商品 不能为空'],
      [{ productId: 'x', quantity: 1 }, '商品 格式不正确'],
      [{ productId: 1, quantity: 1000 }, '单个商品最多购买 999 件'],
      [{ productId: '', quantity: 1 }, '商品 格式不正确'],
      [{ productId: 1, quantity: 1.5 }, '数量 格式不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await service.http
        .post('/service/shop/cart/lines')
        .set(session.headers)
        .send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.alterMsg, JSON.stringify(body)).toBe(message);
    }
    expect((await cartOf(session)).lines).toHaveLength(0);
  });

  it('changes quantity and selection; totals count only selected lines', async () => {
    const session = await createSession(service);
    const [a, b] = await onShelfWithStock(20);
    await add(session, a.id, 1);
    await add(session, b.id, 1);
    let cart = await cartOf(session);
    const lineA = cart.lines.find((line) => line.productId === a.id)!;
    const lineB = cart.lines.find((line) => line.productId === b.id)!;
    const put = (id: number, body: object) =>
      service.http.put(`/service/shop/cart/lines/${id}`).set(session.headers).send(body);

    cart = (await put(lineA.id, { quantity: 4 })).body.data;
    expect(cart.lines.find((line) => line.id === lineA.id)!.quantity).toBe(4);
    expect(cart.selectedTotal).toBe(a.price * 4 + b.price);

    cart = (await put(lineB.id, { selected: false })).body.data;
    expect(cart.selectedTotal).toBe(a.price * 4);
    expect(cart.selectedQuantity).toBe(4);
    expect(cart.totalQuantity).toBe(5);
    expect(cart.allSelected).toBe(false);

    const tooMany = await put(lineA.id, { quantity: a.stock + 1 });
    expect(tooMany.body.success).toBe(false);
    expect((await put(lineA.id, {})).status).toBe(400);
    expect((await put(lineA.id, { quantity: 0 })).status).toBe(400);
    expect((await put(lineA.id, { selected: 'maybe' })).status).toBe(400);
    expect((await put(999_999, { quantity: 1 })).status).toBe(404);
    expect((await put(0, { quantity: 1 })).status).toBe(400);
    expect((await cartOf(session)).lines.find((line) => line.id === lineA.id)!.quantity).toBe(4);
  });

  it('selects and unselects everything at once', async () => {
    const session = await createSession(service);
    const [a, b] = await onShelfWithStock(10);
    await add(session, a.id, 1);
    await add(session, b.id, 2);
    const selectAll = (selected: unknown) =>
      service.http.put('/service/shop/cart/select-all').set(session.headers).send({ selected });
    let cart: Cart = (await selectAll(false)).body.data;
    expect(cart.lines.every((line) => !line.selected)).toBe(true);
    expect(cart).toMatchObject({
      selectedTotal: 0,
      selectedQuantity: 0,
      allSelected: false,
      totalQuantity: 3,
    });
    cart = (await selectAll(true)).body.data;
    expect(cart.allSelected).toBe(true);
    expect(cart.selectedTotal).toBe(a.price + b.price * 2);
    expect((await selectAll(undefined)).status).toBe(400);
  });

  it('removes a line', async () => {
    const session = await createSession(service);
    const [a, b] = await onShelfWithStock(10);
    await add(session, a.id, 1);
    await add(session, b.id, 1);
    const line = (await cartOf(session)).lines.find((l) => l.productId === a.id)!;
    const res = await service.http.delete(`/service/shop/cart/lines/${line.id}`).set(session.headers);
    expect(res.body.data.lines.map((l: RestCartLine) => l.productId)).toEqual([b.id]);
    expect(
      (await service.http.delete(`/service/shop/cart/lines/${line.id}`).set(session.headers)).status,
    ).toBe(404);
  });

  it("never shows or touches another user's lines", async () => {
    const alice = await createSession(service);
    const bob = await createSession(service);
    const [a] = await onShelfWithStock(10);
    await add(alice, a.id, 2);
    const line = (await cartOf(alice)).lines[0];
    expect((await cartOf(bob)).lines).toEqual([]);
    const put = await service.http
      .put(`/service/shop/cart/lines/${line.id}`)
      .set(bob.headers)
      .send({ quantity: 1 });
    expect(put.status).toBe(404);
    expect((await service.http.delete(`/service/shop/cart/lines/${line.id}`).set(bob.headers)).status).toBe(
      404,
    );
    await service.http.put('/service/shop/cart/select-all').set(bob.headers).send({ selected: false });
    expect((await cartOf(alice)).lines[0]).toMatchObject({ id: line.id, quantity: 2, selected: true });
  });

  it('marks lines whose product went off the shelf or out of stock as unavailable, without dropping them', async () => {
    const session = await createSession(service);
    const [a, b, c, d] = await onShelfWithStock(10);
    for (const p of [a, b, c, d]) await add(session, p.id, 3);
    await setProduct(a.id, { on_shelf: 0 });
    await setProduct(b.id, { stock: 0 });
    await setProduct(c.id, { stock: 2 });
    await setProduct(d.id, { price: 1234 });
    const cart = await cartOf(session);
    expect(cart.lines).toHaveLength(4);
    const byProduct = (id: number) => cart.lines.find((line) => line.productId === id)!;
    expect(byProduct(a.id)).toMatchObject({
      available: false,
      unavailableReason: 'offShelf',
      unavailableText: '该商品已下架~',
    });
    expect(byProduct(b.id)).toMatchObject({
      available: false,
      unavailableReason: 'outOfStock',
      unavailableText: '该商品已售罄',
    });
    expect(byProduct(c.id)).toMatchObject({
      available: false,
      unavailableReason: 'insufficientStock',
      unavailableText: '库存不足，仅剩 2 件',
    });
    expect(byProduct(d.id)).toMatchObject({
      available: true,
      unavailableReason: null,
      unitPrice: 1234,
      subtotal: 3702,
    });
    expect(cart.selectedTotal).toBe(3702);
    expect(cart.selectedQuantity).toBe(3);
    expect(cart.totalQuantity).toBe(12);
    // Lowering to what is left makes the line available again; raising an off-shelf line is refused.
    const fixed = await service.http
      .put(`/service/shop/cart/lines/${byProduct(c.id).id}`)
      .set(session.headers)
      .send({ quantity: 2 });
    expect(fixed.body.data.lines.find((line: RestCartLine) => line.productId === c.id).available).toBe(true);
    const offShelf = await service.http
      .put(`/service/shop/cart/lines/${byProduct(a.id).id}`)
      .set(session.headers)
      .send({ quantity: 4 });
    expect(offShelf.body).toMatchObject({ success: false, alterMsg: '该商品已下架~' });
    for (const p of [a, b, c, d]) await setProduct(p.id, { on_shelf: 1, stock: p.stock, price: p.price });
  });

  it("gives the shopper's detail the count the whole cart gives, unavailable lines included", async () => {
    const session = await createSession(service);
    const countOf = async () => {
      const res = await service.http.get('/service/shop/shop-user/detail').set(session.headers);
      expect(res.status).toBe(200);
      return res.body.data.cartQuantity as number;
    };
    expect(await countOf()).toBe(0);
    const [a, b, c] = await onShelfWithStock(10);
    await add(session, a.id, 2);
    await add(session, b.id, 5);
    await add(session, a.id, 1);
    expect((await cartOf(session)).totalQuantity).toBe(8);
    expect(await countOf()).toBe(8);
    await add(session, c.id, 4);
    await setProduct(b.id, { on_shelf: 0 });
    await setProduct(c.id, { stock: 1 });
    try {
      const cart = await cartOf(session);
      expect(cart.lines.filter((line) => !line.available)).toHaveLength(2);
      expect(cart.totalQuantity).toBe(12);
      expect(await countOf()).toBe(cart.totalQuantity);
      // The profile change answers the same detail, count included.
      const saved = await service.http
        .put('/service/shop/shop-user')
        .set(session.headers)
        .send({ name: '买家' });
      expect(saved.body.data.cartQuantity).toBe(12);
      // Another shopper's lines are not counted.
      const other = await createSession(service);
      await add(other, a.id, 1);
      expect(await countOf()).toBe(12);
    } finally {
      for (const p of [b, c]) await setProduct(p.id, { on_shelf: 1, stock: p.stock });
    }
  });

  it('caps the quantity of one line at 999 and the cart at 100 products', async () => {
    const session = await createSession(service);
    const [big] = await onShelfWithStock(1);
    await setProduct(big.id, { stock: 5000 });
    expect((await add(session, big.id, 999)).body.success).toBe(true);
    expect((await add(session, big.id, 1)).body).toMatchObject({
      success: false,
      alterMsg: '单个商品最多购买 999 件',
    });
    await setProduct(big.id, { stock: big.stock });

    const filler = await createSession(service);
    const now = new Date().toISOString();
    const extra = await service.ctx.db
      .insertInto('products')
      .values(
        Array.from({ length: MAX_CART_LINES + 1 }, (_, i) =>
          productRow({
            category_id: 2,
            name: `测试商品 ${i}`,
            name_en: `Test product ${i}`,
            price: 100,
            stock: 10,
            on_shelf: false,
            listed_at: now,
          }),
        ),
      )
      .returning('id')
      .execute();
    await service.ctx.db
      .insertInto('cart_lines')
      .values(
        extra.slice(0, MAX_CART_LINES).map(({ id }) => ({
          user_id: filler.userId,
          product_id: id,
          quantity: 1,
          selected: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const [last] = await onShelfWithStock(1);
    const res = await add(filler, last.id, 1);
    expect(res.body).toMatchObject({ success: false, alterMsg: '购物车最多可放 100 种商品，请先清理购物车' });
    expect((await cartOf(filler)).lines).toHaveLength(MAX_CART_LINES);
    await service.ctx.db.deleteFrom('cart_lines').where('user_id', '=', filler.userId).execute();
    await service.ctx.db
      .deleteFrom('products')
      .where(
        'id',
        'in',
        extra.map(({ id }) => id),
      )
      .execute();
  });

  it('keeps the merged quantity within stock under parallel adds', async () => {
    const session = await createSession(service);
    const [p] = await onShelfWithStock(1);
    await setProduct(p.id, { stock: 5 });
    const results = await Promise.all(Array.from({ length: 12 }, () => add(session, p.id, 1)));
    expect(results.filter((res) => res.body.success)).toHaveLength(5);
    const cart = await cartOf(session);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(5);
    await setProduct(p.id, { stock: p.stock });
    expect((await product(p.id)).stock).toBe(p.stock);
  });

  it('exports loadCartLines for checkout: selected lines, or given lines of this user only', async () => {
    const session = await createSession(service);
    const other = await createSession(service);
    const [a, b, c] = await onShelfWithStock(10);
    for (const p of [a, b, c]) await add(session, p.id, 2);
    await add(other, a.id, 1);
    const lines = (await cartOf(session)).lines;
    const lineOf = (id: number) => lines.find((line) => line.productId === id)!;
    await service.http
      .put(`/service/shop/cart/lines/${lineOf(b.id).id}`)
      .set(session.headers)
      .send({ selected: false });

    const selected = await loadCartLines(service.ctx.db, session.userId);
    expect(selected.map((line) => line.productId).sort()).toEqual([a.id, c.id].sort());
    expect(selected[0]).toMatchObject({ quantity: 2, available: true, unavailableReason: null });

    const otherLine = (await cartOf(other)).lines[0].id;
    const picked = await loadCartLines(service.ctx.db, session.userId, [
      lineOf(c.id).id,
      otherLine,
      lineOf(b.id).id,
    ]);
    expect(picked.map((line) => line.productId)).toEqual([c.id, b.id]);
    expect(picked[1]).toMatchObject({ selected: false, unitPrice: b.price, subtotal: b.price * 2 });
    expect(await loadCartLines(service.ctx.db, session.userId, [])).toEqual([]);
  });
});
