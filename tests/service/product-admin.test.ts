import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCount, type TestService } from './harness.ts';
import { placeOrder, type Shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

const BASE = '/service/admin/product';

describe('back office: products', () => {
  let service: TestService, buyer: Shopper, admin: TestSession, categoryId: number;
  beforeAll(async () => {
    ({ service, buyer, admin } = await startShop());
    const leaf = await service.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    categoryId = leaf.id;
  });
  afterAll(() => service.close());

  /** A word no seeded product holds, so a search finds only what a test made. */
  const word = () => `zq${randomBytes(4).toString('hex')}`;

  const newProduct = (overrides: Record<string, unknown> = {}) => ({
    nameZh: `测试${word()}`,
    nameEn: `Widget ${word()}`,
    descriptionZh: '描述',
    descriptionEn: 'A description',
    categoryId,
    price: '12.50',
    originalPrice: '15',
    stock: 7,
    isHot: true,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}) {
    const res = await service.http.post(BASE).set(admin.headers).send(newProduct(overrides));
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.data as { id: number; version: number; nameEn: string; nameZh: string };
  }

  const history = async (id: number) =>
    (await service.http.get(`${BASE}/${id}/history`).set(admin.headers)).body.data as Array<{
      version: number;
      kind: string;
      actor: { id: number; account: string };
      changes: Array<{ field: string; before: unknown; after: unknown }>;
    }>;

  const searchIds = async (keyword: string) => {
    const res = await service.http.get('/service/shop/product/page').query({ keyword, pageSize: 50 });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return (res.body.data.records as Array<{ id: number }>).map((record) => record.id);
  };

  const suggestedIds = async (keyword: string) => {
    const res = await service.http.get('/service/shop/search/suggestions').query({ keyword });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return (res.body.data as Array<{ productId: number | null }>).map((s) => s.productId);
  };

  it('creates a product at version 1 in fen, found by the storefront and its search at once', async () => {
    const input = newProduct();
    const res = await service.http.post(BASE).set(admin.headers).send(input);
    expect(res.body).toMatchObject({ success: true });
    const created = res.body.data;
    expect(created).toMatchObject({
      version: 1,
      nameZh: input.nameZh,
      price: 1250,
      originalPrice: 1500,
      stock: 7,
      isHot: true,
      isNew: false,
      onShelf: true,
      withdrawn: false,
      shelf: 'on',
      categoryId,
    });
    expect(created.category).toMatchObject({ id: categoryId });
    const shop = await service.http.get(`/service/shop/product/${created.id}`);
    expect(shop.body.data).toMatchObject({ id: created.id, price: 1250 });
    expect(await searchIds(input.nameEn.split(' ')[1])).toContain(created.id);
    const [entry] = await history(created.id);
    expect(entry).toMatchObject({
      version: 1,
      kind: 'created',
      actor: { id: admin.userId, account: 'admin' },
    });
    expect(entry.changes).toContainEqual({ field: 'price', before: null, after: 1250 });
  });

  it('refuses bad input in the caller’s language, field by field, storing nothing', async () => {
    const before = await rowCount(service, 'products');
    const bad = newProduct({ nameZh: '   ', price: '12.345', originalPrice: '10', stock: -1 });
    const zh = await service.http.post(BASE).set(admin.headers).send(bad);
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields).toEqual({
      nameZh: 'validation.enterContent',
      price: 'product.invalidPrice',
      stock: 'product.invalidStock',
    });
    expect(zh.body.alterMsg).toBe('请输入内容');
    const en = await service.http
      .post(BASE)
      .set(admin.headers)
      .set('Accept-Language', 'en-GB')
      .send(newProduct({ price: 'abc' }));
    expect(en.status).toBe(400);
    expect(en.body.alterMsg).toBe('Price must be between 0.01 and 999999.99 yuan, with at most two decimals');
    const below = await service.http
      .post(BASE)
      .set(admin.headers)
      .set('Accept-Language', 'en-GB')
      .send(newProduct({ price: '20', originalPrice: '19.99' }));
    expect(below.body).toMatchObject({
      success: false,
      alterMsg: 'Original price cannot be lower than the price',
    });
    const noCategory = await service.http
      .post(BASE)
      .set(admin.headers)
      .send(newProduct({ categoryId: 999999 }));
    expect(noCategory.body).toMatchObject({ success: false, alterMsg: '商品分类不存在' });
    expect(await rowCount(service, 'products')).toBe(before);
    // an edit of the price alone is checked against the stored original price
    const stored = await create();
    const dearer = await service.http
      .put(`${BASE}/${stored.id}`)
      .set(admin.headers)
      .set('Accept-Language', 'en-GB')
      .send({ version: 1, price: '15.01' });
    expect(dearer.body).toMatchObject({
      success: false,
      alterMsg: 'Original price cannot be lower than the price',
      data: { fields: { originalPrice: 'product.originalBelowPrice' } },
    });
    expect((await service.http.get(`${BASE}/${stored.id}`).set(admin.headers)).body.data).toMatchObject({
      version: 1,
      price: 1250,
    });
    expect(await rowCount(service, 'product_history')).toBe(await historyCount());
  });

  /** History rows of products that exist: a refusal must not leave one behind. */
  async function historyCount() {
    const rows = await service.ctx.db
      .selectFrom('product_history')
      .innerJoin('products', 'products.id', 'product_history.product_id')
      .select('product_history.id')
      .execute();
    return rows.length;
  }

  it('edits by compare-and-set: the search finds the new name at once, the history says before → after', async () => {
    const product = await create();
    const renamed = `Gadget ${word()}`;
    const res = await service.http
      .put(`${BASE}/${product.id}`)
      .set(admin.headers)
      .send({ version: 1, nameEn: renamed, price: '9.9', originalPrice: null });
    expect(res.body).toMatchObject({
      success: true,
      data: { version: 2, nameEn: renamed, price: 990, originalPrice: null, nameZh: product.nameZh },
    });
    expect(await searchIds(renamed.split(' ')[1])).toContain(product.id);
    expect(await suggestedIds(renamed.split(' ')[1])).toContain(product.id);
    expect(await searchIds(product.nameEn.split(' ')[1])).not.toContain(product.id);
    // The drawing carries the name: the storefront hands out a new address for it, so no cache
    // keeps showing the old name.
    const shown = await service.http.get(`/service/shop/product/${product.id}`);
    expect(shown.body.data.image).toBe(`/service/static/products/${product.id}.svg?lang=zh-CN&v=2`);
    const [latest] = await history(product.id);
    expect(latest).toMatchObject({ version: 2, kind: 'updated' });
    expect(latest.changes).toEqual([
      { field: 'nameEn', before: product.nameEn, after: renamed },
      { field: 'price', before: 1250, after: 990 },
      { field: 'originalPrice', before: 1500, after: null },
    ]);
  });

  it('lets one of two edits made from the same version win; the other is refused and nothing is lost', async () => {
    const product = await create();
    const [a, b] = await Promise.all([
      service.http
        .put(`${BASE}/${product.id}`)
        .set(admin.headers)
        .send({ version: 1, descriptionEn: 'Winner' }),
      service.http
        .put(`${BASE}/${product.id}`)
        .set(admin.headers)
        .set('Accept-Language', 'en-GB')
        .send({ version: 1, nameZh: '另一个名字' }),
    ]);
    const outcomes = [a.body, b.body];
    expect(outcomes.filter((body) => body.success)).toHaveLength(1);
    const loser = outcomes.find((body) => !body.success);
    expect(loser.message).toBe('product.versionConflict');
    expect([
      '该商品已被他人修改，请刷新后再试',
      'Someone else changed this product; reload and try again.',
    ]).toContain(loser.alterMsg);
    const stored = (await service.http.get(`${BASE}/${product.id}`).set(admin.headers)).body.data;
    expect(stored.version).toBe(2);
    const winner = outcomes.find((body) => body.success).data;
    expect(stored).toMatchObject({ descriptionEn: winner.descriptionEn, nameZh: winner.nameZh });
    expect((await history(product.id)).map((entry) => entry.kind)).toEqual(['updated', 'created']);
    // the loser reloads and edits again from version 2: accepted, both changes kept
    const retry = await service.http
      .put(`${BASE}/${product.id}`)
      .set(admin.headers)
      .send(a.body.success ? { version: 2, nameZh: '另一个名字' } : { version: 2, descriptionEn: 'Winner' });
    expect(retry.body.data).toMatchObject({ version: 3, descriptionEn: 'Winner', nameZh: '另一个名字' });
  });

  it('leaves stock to adjustments: an edit that names it is refused and changes nothing', async () => {
    const product = await create();
    const res = await service.http
      .put(`${BASE}/${product.id}`)
      .set(admin.headers)
      .send({ version: 1, stock: 100, nameEn: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({ stock: 'validation.unknownField' });
    const stored = (await service.http.get(`${BASE}/${product.id}`).set(admin.headers)).body.data;
    expect(stored).toMatchObject({ version: 1, stock: 7, nameEn: product.nameEn });
  });

  it('withdraws a product off the storefront without deleting it, and restores it', async () => {
    const product = await create();
    const key = product.nameEn.split(' ')[1];
    expect(await suggestedIds(key)).toContain(product.id);
    const withdrawn = await service.http
      .post(`${BASE}/${product.id}/withdraw`)
      .set(admin.headers)
      .send({ version: 1 });
    expect(withdrawn.body.data).toMatchObject({
      version: 2,
      withdrawn: true,
      onShelf: false,
      shelf: 'withdrawn',
    });
    expect(await searchIds(key)).not.toContain(product.id);
    expect(await suggestedIds(key)).not.toContain(product.id);
    const batch = await service.http.get('/service/shop/product/batch').query({ ids: String(product.id) });
    expect(batch.body.data).toMatchObject([{ id: product.id, onShelf: false }]);
    const shop = await service.http.get(`/service/shop/product/${product.id}`);
    expect(shop.body).toMatchObject({ success: false, alterMsg: '该商品已下架~' });
    const hot = await service.http.get('/service/shop/product/hot').query({ pageSize: 999 });
    expect((hot.body.data.records as Array<{ id: number }>).map((r) => r.id)).not.toContain(product.id);
    const order = await service.http.post('/service/shop/order').set(buyer.headers).send({
      productId: product.id,
      quantity: 1,
      addressId: buyer.addressId,
      paymentMethod: 'lpay',
      requestId: word(),
    });
    expect(order.body.success).toBe(false);
    expect(order.body.alterMsg).toContain('下架');
    const listed = await service.http
      .get(`${BASE}/page`)
      .query({ shelf: 'withdrawn', keyword: key })
      .set(admin.headers);
    expect(listed.body.data.records.map((r: { id: number }) => r.id)).toEqual([product.id]);
    const again = await service.http
      .post(`${BASE}/${product.id}/withdraw`)
      .set(admin.headers)
      .send({ version: 2 });
    expect(again.body).toMatchObject({ success: false, message: 'product.alreadyWithdrawn' });
    const shelve = await service.http
      .put(`${BASE}/${product.id}`)
      .set(admin.headers)
      .send({ version: 2, onShelf: true });
    expect(shelve.body).toMatchObject({ success: false, message: 'product.restoreFirst' });

    const restored = await service.http
      .post(`${BASE}/${product.id}/restore`)
      .set(admin.headers)
      .send({ version: 2 });
    expect(restored.body.data).toMatchObject({ version: 3, withdrawn: false, onShelf: false, shelf: 'off' });
    const onShelf = await service.http
      .put(`${BASE}/${product.id}`)
      .set(admin.headers)
      .send({ version: 3, onShelf: true });
    expect(onShelf.body.data).toMatchObject({ version: 4, onShelf: true, shelf: 'on' });
    expect(await searchIds(key)).toContain(product.id);
    expect(await placeOrder(service, buyer, product.id)).toMatchObject({});
    expect((await history(product.id)).map((entry) => [entry.kind, entry.changes])).toEqual([
      ['updated', [{ field: 'onShelf', before: false, after: true }]],
      ['restored', [{ field: 'withdrawn', before: true, after: false }]],
      [
        'withdrawn',
        [
          { field: 'withdrawn', before: false, after: true },
          { field: 'onShelf', before: true, after: false },
        ],
      ],
      ['created', expect.any(Array)],
    ]);
  });

  it('puts the back office’s hot and new picks first in the home page’s hot and new lists', async () => {
    const picked = await create({ isHot: false, isNew: true });
    // listed after the pick, so only the pick puts it first in the new list
    await create({ isHot: false });
    const ids = async (list: 'hot' | 'new') =>
      (
        (await service.http.get(`/service/shop/product/${list}`).query({ pageSize: 999 })).body.data
          .records as Array<{
          id: number;
        }>
      ).map((record) => record.id);
    expect((await ids('new'))[0]).toBe(picked.id);
    const hotBefore = await ids('hot');
    const flagged = (
      await service.ctx.db
        .selectFrom('products')
        .select('id')
        .where('is_hot', '=', 1)
        .where('on_shelf', '=', 1)
        .execute()
    ).map((row) => row.id);
    expect(new Set(hotBefore.slice(0, flagged.length))).toEqual(new Set(flagged));
    expect(hotBefore.indexOf(picked.id)).toBeGreaterThanOrEqual(flagged.length);
    await service.http.put(`${BASE}/${picked.id}`).set(admin.headers).send({ version: 1, isHot: true });
    expect((await ids('hot')).indexOf(picked.id)).toBeLessThanOrEqual(flagged.length);
  });

  it('lists by name in either language, category and shelf state', async () => {
    const tag = word();
    const on = await create({ nameEn: `Lamp ${tag}` });
    const off = await create({ nameZh: `台灯${tag}`, onShelf: false });
    const page = async (query: Record<string, string | number>) =>
      (await service.http.get(`${BASE}/page`).query(query).set(admin.headers)).body.data;
    const both = await page({ keyword: tag.toUpperCase() });
    expect(both.records.map((r: { id: number }) => r.id).sort()).toEqual([on.id, off.id].sort());
    expect((await page({ keyword: tag, shelf: 'off' })).records.map((r: { id: number }) => r.id)).toEqual([
      off.id,
    ]);
    expect((await page({ keyword: tag, shelf: 'on', categoryId })).total).toBe(1);
    // LIKE's wildcards are taken literally: '_' would otherwise match the space in 'Lamp <tag>'
    expect((await page({ keyword: `_${tag}` })).total).toBe(0);
    expect(await page({ pageNum: 1, pageSize: 2 })).toMatchObject({ pageNum: 1, pageSize: 2 });
  });

  it('answers 403 无访问权限 to shoppers and 401 to visitors', async () => {
    for (const [method, path] of [
      ['get', `${BASE}/page`],
      ['post', BASE],
      ['put', `${BASE}/1`],
      ['post', `${BASE}/1/withdraw`],
    ] as const) {
      const res = await service.http[method](path).set(buyer.headers).send({});
      expect(res.status, path).toBe(403);
      expect(res.body.alterMsg).toBe('无访问权限');
      expect((await service.http[method](path).send({})).status, path).toBe(401);
    }
  });
});
