// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/** Stock adjustments through GraphQL: the mutation, its refusal as a user error, the ledger, and FORBIDDEN for shoppers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const ADJUST = `mutation($input: AdjustStockInput!) { adjustStock(input: $input) {
  product { id version stock }
  entry { id delta reason note stockAfter actor { account } order { id } }
  userErrors { code field message } } }`;
const LEDGER = `query($id: ID!, $page: PageInput) { adminProduct(id: $id) { stock
  stockLedger(page: $page) { total pageNum pageSize records { delta reason note stockAfter order { orderNo } } } } }`;

describe('stock adjustments through GraphQL', () => {
  let h: GatewayHarness;
  let admin: CookieJar;
  let productId: string;
  let startStock: number;

  async function signIn(account: string, password: string) {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return jar;
  }

  beforeAll(async () => {
    h = await startGatewayHarness();
    admin = await signIn('admin', 'admin123');
    const row = await h.service.ctx.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = String(row.id);
    startStock = row.stock;
  });
  afterAll(() => h.close());

  it('adds units with a reason and a note: the product at its next version, the entry, the ledger', async () => {
    const before = await h.gql<any>(
      'query($id: ID!) { adminProduct(id: $id) { version } }',
      { id: productId },
      { jar: admin },
    );
    const version = before.data.adminProduct.version as number;
    const res = await h.gql<any>(
      ADJUST,
      { input: { productId, delta: 5, reason: 'RESTOCK', note: '到货' } },
      { jar: admin },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.adjustStock).toMatchObject({
      product: { id: productId, version: version + 1, stock: startStock + 5 },
      entry: {
        delta: 5,
        reason: 'RESTOCK',
        note: '到货',
        stockAfter: startStock + 5,
        actor: { account: 'admin' },
        order: null,
      },
      userErrors: [],
    });
    const ledger = await h.gql<any>(
      LEDGER,
      { id: productId, page: { pageNum: 1, pageSize: 5 } },
      { jar: admin },
    );
    expect(ledger.errors).toBeUndefined();
    expect(ledger.data.adminProduct).toMatchObject({
      stock: startStock + 5,
      stockLedger: {
        total: 1,
        pageNum: 1,
        pageSize: 5,
        records: [{ delta: 5, reason: 'RESTOCK', stockAfter: startStock + 5 }],
      },
    });
  });

  it('refuses to go below zero as a user error that says how many are in stock, in the caller’s language', async () => {
    const stock = startStock + 5;
    const en = await h.gql<any>(
      ADJUST,
      { input: { productId, delta: -(stock + 1), reason: 'DAMAGE' } },
      { jar: admin, headers: { 'accept-language': 'en-GB' } },
    );
    expect(en.errors).toBeUndefined();
    expect(en.data.adjustStock).toMatchObject({
      product: null,
      entry: null,
      userErrors: [
        { code: 'STOCK_NOT_ENOUGH', message: `Only ${stock} in stock: ${stock + 1} cannot be taken away` },
      ],
    });
    const zh = await h.gql<any>(
      ADJUST,
      { input: { productId, delta: -(stock + 1), reason: 'DAMAGE' } },
      { jar: admin },
    );
    expect(zh.data.adjustStock.userErrors[0].message).toBe(
      `库存不足：当前库存 ${stock} 件，不能减少 ${stock + 1} 件`,
    );
    const zero = await h.gql<any>(
      ADJUST,
      { input: { productId, delta: 0, reason: 'CORRECTION' } },
      { jar: admin },
    );
    expect(zero.data.adjustStock.userErrors).toMatchObject([
      { code: 'STOCK_DELTA_REQUIRED', field: ['input', 'delta'] },
    ]);
    const ledger = await h.gql<any>(LEDGER, { id: productId }, { jar: admin });
    expect(ledger.data.adminProduct).toMatchObject({ stock, stockLedger: { total: 1 } });
  });

  it('answers FORBIDDEN to a shopper, for the mutation and the ledger, and changes nothing', async () => {
    const shopper = await signIn('demo', 'demo123');
    const res = await h.gql<any>(
      ADJUST,
      { input: { productId, delta: 100, reason: 'RESTOCK' } },
      { jar: shopper },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const row = await h.service.ctx.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', Number(productId))
      .executeTakeFirstOrThrow();
    expect(row.stock).toBe(startStock + 5);
    const ledger = await h.gql<any>(LEDGER, { id: productId }, { jar: shopper });
    expect(ledger.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
