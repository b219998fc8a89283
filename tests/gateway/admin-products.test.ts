// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Back-office products through GraphQL against the real service: create, edit against a version
 * (a stale edit answers PRODUCT_VERSION_CONFLICT), withdraw and restore, history, the form rules as
 * userErrors on their input fields in both languages, FORBIDDEN for shoppers.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const PRODUCT = `id version nameZh nameEn descriptionZh descriptionEn categoryId category { id name }
  price { fen amount } originalPrice { fen } stock isHot isNew onShelf withdrawn withdrawnAt shelf updatedAt`;
const payload = `product { ${PRODUCT} } userErrors { code field message }`;
const CREATE = `mutation($input: CreateProductInput!) { createProduct(input: $input) { ${payload} } }`;
const UPDATE = `mutation($input: UpdateProductInput!) { updateProduct(input: $input) { ${payload} } }`;
const WITHDRAW = `mutation($input: WithdrawProductInput!) { withdrawProduct(input: $input) { ${payload} } }`;
const RESTORE = `mutation($input: RestoreProductInput!) { restoreProduct(input: $input) { ${payload} } }`;
const ONE = `query($id: ID!) { adminProduct(id: $id) { ${PRODUCT}
  history { version kind actor { account } at changes { field before after } } } }`;
const LIST = `query($filter: AdminProductFilter, $page: PageInput) {
  adminProducts(filter: $filter, page: $page) { total pageNum pageSize records { id shelf } } }`;

describe('back-office products through GraphQL', () => {
  let h: GatewayHarness;
  let admin: CookieJar;
  let categoryId: string;

  async function signIn(account: string, password: string) {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return jar;
  }

  const word = () => `zq${randomBytes(4).toString('hex')}`;
  const input = (overrides: Record<string, unknown> = {}) => ({
    nameZh: `测试${word()}`,
    nameEn: `Widget ${word()}`,
    categoryId,
    price: '12.50',
    originalPrice: '15.00',
    stock: 7,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}) {
    const res = await h.gql<any>(CREATE, { input: input(overrides) }, { jar: admin });
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct.userErrors).toEqual([]);
    return res.data.createProduct.product;
  }

  beforeAll(async () => {
    h = await startGatewayHarness();
    admin = await signIn('admin', 'admin123');
    const leaf = await h.service.ctx.db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    categoryId = String(leaf.id);
  });
  afterAll(() => h.close());

  it('creates a product at version 1 with its money, category and a history entry', async () => {
    const product = await create({ isNew: true });
    expect(product).toMatchObject({
      version: 1,
      categoryId,
      category: { id: categoryId },
      price: { fen: 1250, amount: '12.50' },
      originalPrice: { fen: 1500 },
      stock: 7,
      isHot: false,
      isNew: true,
      onShelf: true,
      withdrawn: false,
      withdrawnAt: null,
      shelf: 'ON',
    });
    const read = await h.gql<any>(ONE, { id: product.id }, { jar: admin });
    expect(read.data.adminProduct.history).toEqual([
      expect.objectContaining({ version: 1, kind: 'CREATED', actor: { account: 'admin' } }),
    ]);
    expect(read.data.adminProduct.history[0].changes).toContainEqual({
      field: 'price',
      before: null,
      after: '12.50',
    });
  });

  it('edits against the version read; the second edit from the same version gets PRODUCT_VERSION_CONFLICT', async () => {
    const product = await create();
    const first = await h.gql<any>(
      UPDATE,
      { input: { id: product.id, version: 1, price: '9.90', originalPrice: null } },
      { jar: admin },
    );
    expect(first.data.updateProduct).toMatchObject({
      product: { version: 2, price: { fen: 990 }, originalPrice: null },
      userErrors: [],
    });
    const stale = await h.gql<any>(
      UPDATE,
      { input: { id: product.id, version: 1, nameZh: '过时的编辑' } },
      { jar: admin, headers: { 'Accept-Language': 'en-GB' } },
    );
    expect(stale.errors).toBeUndefined();
    expect(stale.data.updateProduct).toEqual({
      product: null,
      userErrors: [
        {
          code: 'PRODUCT_VERSION_CONFLICT',
          field: null,
          message: 'Someone else changed this product; reload and try again.',
        },
      ],
    });
    const stock = await h.gql<any>(
      UPDATE,
      { input: { id: product.id, version: 2, stock: 99 } },
      { jar: admin },
    );
    expect(stock.data.updateProduct.userErrors).toMatchObject([
      { code: 'VALIDATION_UNKNOWN_FIELD', field: ['input', 'stock'] },
    ]);
    const read = await h.gql<any>(ONE, { id: product.id }, { jar: admin });
    expect(read.data.adminProduct).toMatchObject({ version: 2, nameZh: product.nameZh, stock: 7 });
    expect(read.data.adminProduct.history[0]).toMatchObject({
      version: 2,
      kind: 'UPDATED',
      changes: [
        { field: 'price', before: '12.50', after: '9.90' },
        { field: 'originalPrice', before: '15.00', after: null },
      ],
    });
  });

  it('answers the form rules as userErrors on their input fields, in the request’s language', async () => {
    const count = async () =>
      Number(
        (
          await h.service.ctx.db
            .selectFrom('products')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const bad = { nameEn: ' ', price: '1.234', stock: -2 };
    const zh = await h.gql<any>(CREATE, { input: input(bad) }, { jar: admin });
    expect(zh.errors).toBeUndefined();
    expect(zh.data.createProduct.product).toBeNull();
    const byField = Object.fromEntries(
      zh.data.createProduct.userErrors.map((e: any) => [e.field.join('.'), e.code]),
    );
    expect(byField).toEqual({
      'input.nameEn': 'VALIDATION_ENTER_CONTENT',
      'input.price': 'PRODUCT_INVALID_PRICE',
      'input.stock': 'PRODUCT_INVALID_STOCK',
    });
    expect(zh.data.createProduct.userErrors[0].message).toBe('请输入内容');
    const en = await h.gql<any>(
      CREATE,
      { input: input({ price: '20', originalPrice: '10' }) },
      { jar: admin, headers: { 'Accept-Language': 'en-GB' } },
    );
    expect(en.data.createProduct.userErrors).toEqual([
      {
        code: 'PRODUCT_ORIGINAL_BELOW_PRICE',
        field: ['input', 'originalPrice'],
        message: 'Original price cannot be lower than the price',
      },
    ]);
    expect(await count()).toBe(before);
  });

  it('withdraws and restores: the product leaves the storefront and the list shows it as WITHDRAWN', async () => {
    const tag = word();
    const product = await create({ nameEn: `Kettle ${tag}` });
    const withdrawn = await h.gql<any>(WITHDRAW, { input: { id: product.id, version: 1 } }, { jar: admin });
    expect(withdrawn.data.withdrawProduct.product).toMatchObject({
      version: 2,
      withdrawn: true,
      shelf: 'WITHDRAWN',
    });
    const search = await h.gql<any>('query($k: String) { products(filter: { keyword: $k }) { total } }', {
      k: tag,
    });
    expect(search.errors).toBeUndefined();
    expect(search.data.products.total).toBe(0);
    const list = await h.gql<any>(LIST, { filter: { keyword: tag, shelf: 'WITHDRAWN' } }, { jar: admin });
    expect(list.data.adminProducts).toMatchObject({
      total: 1,
      records: [{ id: product.id, shelf: 'WITHDRAWN' }],
    });
    const restored = await h.gql<any>(RESTORE, { input: { id: product.id, version: 2 } }, { jar: admin });
    expect(restored.data.restoreProduct.product).toMatchObject({
      version: 3,
      withdrawn: false,
      shelf: 'OFF',
    });
    const twice = await h.gql<any>(RESTORE, { input: { id: product.id, version: 3 } }, { jar: admin });
    expect(twice.data.restoreProduct.userErrors[0].code).toBe('PRODUCT_NOT_WITHDRAWN');
  });

  it('answers null for a product that does not exist', async () => {
    const res = await h.gql<any>(ONE, { id: '99999999' }, { jar: admin });
    expect(res.errors).toBeUndefined();
    expect(res.data.adminProduct).toBeNull();
  });

  it('refuses shoppers with FORBIDDEN and stores nothing', async () => {
    const shopper = await signIn('demo', 'demo123');
    const before = await h.service.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await h.gql<any>(CREATE, { input: input() }, { jar: shopper });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const list = await h.gql<any>(LIST, {}, { jar: shopper });
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const after = await h.service.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
