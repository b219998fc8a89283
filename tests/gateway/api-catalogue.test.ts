// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const MONEY = 'fen amount currency';
const PRODUCT = `id categoryId categoryName cardName name description price { ${MONEY} } originalPrice { fen }
  stock sales image images onShelf listedAt`;
const PAGE = `total pageNum pageSize records { ${PRODUCT} }`;

describe('gateway API: catalogue and reference data (public)', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h.close());

  it('answers the category tree and one category by its slug', async () => {
    const res = await h.gql<{ categories: Array<{ id: string; cardName: string; children: unknown[] }> }>(
      '{ categories { id name cardName icon parentId children { id name cardName parentId children { id } } } }',
    );
    expect(res.errors).toBeUndefined();
    const categories = res.data!.categories;
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories.some((category) => category.children.length > 0)).toBe(true);
    const parent = categories.find((category) => category.children.length > 0)!;
    const child = parent.children[0] as { cardName: string; id: string; parentId: string };
    expect(child.parentId).toBe(parent.id);
    const one = await h.gql<{ category: { id: string } | null; missing: null }>(
      'query($slug: String!) { category(cardName: $slug) { id name } missing: category(cardName: "no-such") { id } }',
      { slug: child.cardName },
    );
    expect(one.errors).toBeUndefined();
    expect(one.data!.category!.id).toBe(child.id);
    expect(one.data!.missing).toBeNull();
    expect(one.upstreamCalls).toBe(1); // the tree, once per request
  });

  it('pages, filters and sorts products with Money built from fen', async () => {
    const res = await h.gql<{
      products: { total: number; pageNum: number; pageSize: number; records: any[] };
    }>(`query($page: PageInput) { products(filter: { sort: PRICE_ASC }, page: $page) { ${PAGE} } }`, {
      page: { pageNum: 2, pageSize: 5 },
    });
    expect(res.errors).toBeUndefined();
    const page = res.data!.products;
    expect(page).toMatchObject({ pageNum: 2, pageSize: 5 });
    expect(page.total).toBeGreaterThanOrEqual(60);
    expect(page.records).toHaveLength(5);
    const prices = page.records.map((product) => product.price.fen);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const first = page.records[0];
    expect(first.price.amount).toBe(
      `${Math.floor(first.price.fen / 100)}.${String(first.price.fen % 100).padStart(2, '0')}`,
    );
    expect(first.price.currency).toBe('CNY');
    expect(first.image).toMatch(/^\/service\//);
    expect(res.upstreamCalls).toBe(2); // the page + the config (currency), once for all prices

    const defaults = await h.gql<{ products: { pageNum: number; pageSize: number } }>(
      '{ products { pageNum pageSize } }',
    );
    expect(defaults.data!.products).toEqual({ pageNum: 1, pageSize: 15 });

    const categories = await h.gql<{ categories: Array<{ id: string; cardName: string }> }>(
      '{ categories { id cardName } }',
    );
    const { id, cardName } = categories.data!.categories[0];
    const byCategory = await h.gql<{ a: { total: number; records: any[] }; b: { total: number } }>(
      `query($id: ID, $slug: String) { a: products(filter: { categoryId: $id }) { total records { categoryId } }
        b: products(filter: { cardName: $slug }) { total } }`,
      { id, slug: cardName },
    );
    expect(byCategory.errors).toBeUndefined();
    expect(byCategory.data!.a.total).toBeGreaterThan(0);
    expect(byCategory.data!.b.total).toBe(byCategory.data!.a.total);
  });

  it('searches, lists hot and new products', async () => {
    const res = await h.gql<{ hot: any; fresh: any; search: any }>(
      `{ hot: hotProducts(page: { pageSize: 4 }) { total records { id sales } }
         fresh: newProducts(page: { pageSize: 4 }) { total records { id listedAt } }
         search: searchProducts(keyword: "a", sort: SALES) { total records { id name } } }`,
    );
    expect(res.errors).toBeUndefined();
    const sales = res.data!.hot.records.map((product: { sales: number }) => product.sales);
    expect([...sales].sort((a, b) => b - a)).toEqual(sales);
    const listed = res.data!.fresh.records.map((product: { listedAt: string }) => product.listedAt);
    expect([...listed].sort().reverse()).toEqual(listed);
    expect(res.data!.search.total).toBeGreaterThanOrEqual(0);
  });

  it('answers one product, and an off-shelf product as a typed error with the documented text', async () => {
    const list = await h.gql<{ products: { records: Array<{ id: string; name: string }> } }>(
      '{ products(page: { pageSize: 2 }) { records { id name } } }',
    );
    const [first, second] = list.data!.products.records;
    const res = await h.gql<{ product: { id: string; name: string } }>(
      `query($id: ID!) { product(id: $id) { ${PRODUCT} } }`,
      { id: first.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.product).toMatchObject({ id: first.id, name: first.name });

    await h.service.ctx.db
      .updateTable('products')
      .set({ on_shelf: 0 })
      .where('id', '=', Number(second.id))
      .execute();
    const off = await h.gql('query($id: ID!) { product(id: $id) { id } }', { id: second.id });
    expect(off.data?.product).toBeNull();
    expect(off.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      refused: true,
      alterMsg: '该商品已下架~',
      // the storefront's goods page branches on this key (tests/web/catalogue-detail.test.tsx)
      messageKey: 'catalogue.offShelf',
    });
    await h.service.ctx.db
      .updateTable('products')
      .set({ on_shelf: 1 })
      .where('id', '=', Number(second.id))
      .execute();

    const missing = await h.gql('{ product(id: "999999") { id } }');
    expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('answers config, settings, areas, dictionaries, notices, cards and file URLs', async () => {
    const res = await h.gql<any>(
      `{ config { shopName siteTitle currency paymentMethods { code enabled } defaultPageSize maxPageSize
           paymentTtlSeconds uploadMaxBytes timeZone }
         settings { showSettings fixedHeader sidebarLogo customerService }
         areas { value label children { value label } }
         dictionary(key: "incomeType") { value label }
         all: dictionary(key: "incomeType", withAll: true) { value label }
         notices { id title content publishedAt }
         cards { cards { id kind title subtitle image link } kinds { code name } }
         fileUrl(fullfilename: "a b/c.png") }`,
    );
    expect(res.errors).toBeUndefined();
    const data = res.data;
    expect(data.config).toMatchObject({
      currency: 'CNY',
      defaultPageSize: 15,
      maxPageSize: 999,
      timeZone: 'Asia/Shanghai',
    });
    expect(data.config.paymentMethods).toEqual([
      { code: 'LPAY', enabled: true },
      { code: 'STRIPE', enabled: false },
      { code: 'WKPAY', enabled: false },
    ]);
    expect(typeof data.settings.fixedHeader).toBe('boolean');
    expect(data.areas.length).toBeGreaterThan(0);
    expect(data.areas[0].children.length).toBeGreaterThan(0);
    expect(data.dictionary.length).toBeGreaterThan(0);
    expect(data.all[0]).toEqual({ value: '', label: '全部类型' });
    expect(data.all).toHaveLength(data.dictionary.length + 1);
    expect(Array.isArray(data.notices)).toBe(true);
    expect(data.cards.kinds.length).toBeGreaterThan(0);
    expect(data.fileUrl).toBe('/service/file/down?fullfilename=a%20b%2Fc.png');

    const english = await h.gql<any>('{ dictionary(key: "incomeType") { label } }', undefined, {
      headers: { 'accept-language': 'en-GB' },
    });
    expect(english.data.dictionary[0].label).not.toBe(data.dictionary[0].label);
    const unknown = await h.gql('{ dictionary(key: "nope") { value } }');
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
