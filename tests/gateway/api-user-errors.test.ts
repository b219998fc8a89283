// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Business refusals as data: a mutation refused by the service answers its payload's
 * `userErrors` (code from the message key, the input field at fault, the text in the caller's
 * language) with the data fields null; what a form cannot fix stays a top-level error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { session { isAuthenticated } } }`;
const CHANGE = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) {
  session { isAuthenticated } userErrors { code field message } } }`;
const ADD = `mutation($input: AddToCartInput!) { addToCart(input: $input) {
  cart { id totalQuantity } userErrors { code field message } } }`;
const CREATE_ADDRESS = `mutation($input: CreateAddressInput!) { createAddress(input: $input) {
  address { id } addresses { id } userErrors { code field message } } }`;

describe('mutation refusals arrive as userErrors', () => {
  let h: GatewayHarness;
  const jar = () => h.jar();
  let demo: ReturnType<typeof jar>;
  beforeAll(async () => {
    h = await startGatewayHarness();
    demo = h.jar();
    const login = await h.gql(LOGIN, { input: { account: 'demo', password: 'demo123' } }, { jar: demo });
    expect(login.errors).toBeUndefined();
  });
  afterAll(() => h.close());

  it('a wrong old password: code, the field at fault and the localised message, no top-level error', async () => {
    const input = { oldPassword: 'wrong-pass1', newPassword: 'secret456', confirmPassword: 'secret456' };
    const zh = await h.gql<any>(CHANGE, { input }, { jar: demo });
    expect(zh.status).toBe(200);
    expect(zh.errors).toBeUndefined();
    expect(zh.data.changePassword).toEqual({
      session: { isAuthenticated: true },
      userErrors: [
        { code: 'ACCOUNT_WRONG_OLD_PASSWORD', field: ['input', 'oldPassword'], message: expect.any(String) },
      ],
    });
    const en = await h.gql<any>(CHANGE, { input }, { jar: demo, headers: { 'accept-language': 'en-GB' } });
    const [zhMessage, enMessage] = [zh, en].map((r) => r.data.changePassword.userErrors[0].message);
    expect(zhMessage).toMatch(/[\u4e00-\u9fff]/);
    expect(enMessage).toMatch(/^[\x20-\x7e]+$/);
  });

  it('beyond stock: the cart stays untouched, the refusal names `quantity`', async () => {
    const products = await h.gql<any>('{ products(page: { pageSize: 1 }) { records { id stock } } }');
    const product = products.data.products.records[0];
    const res = await h.gql<any>(
      ADD,
      { input: { productId: product.id, quantity: product.stock + 1 } },
      { jar: demo },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.addToCart.cart).toBeNull();
    expect(res.data.addToCart.userErrors).toEqual([
      { code: expect.stringMatching(/^CART_/), field: ['input', 'quantity'], message: expect.any(String) },
    ]);
    const cart = await h.gql<any>('{ cart { totalQuantity } }', undefined, { jar: demo });
    expect(cart.data.cart.totalQuantity).toBe(0);
  });

  it('malformed input (REST 400): one userError per failing field, data null, the payload fields never run', async () => {
    h.resetServiceLog();
    const res = await h.gql<any>(
      CREATE_ADDRESS,
      { input: { recipient: ' ', phone: '123', city: '北京市 北京市', detail: '长安街 1 号' } },
      { jar: demo },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.createAddress.address).toBeNull();
    expect(res.data.createAddress.addresses).toBeNull();
    const fields = res.data.createAddress.userErrors.map((e: any) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['input', 'recipient'],
        ['input', 'phone'],
      ]),
    );
    for (const error of res.data.createAddress.userErrors) expect(error.code).toMatch(/^[A-Z_]+$/);
    // `addresses` would re-read the list: a refusal must not cost that call.
    expect(h.serviceCalls('GET /service/shop/address/list')).toBe(0);
  });

  it('what a form cannot fix stays a top-level error (UNAUTHENTICATED)', async () => {
    const res = await h.gql<any>(ADD, { input: { productId: '1', quantity: 1 } });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(res.data).toBeNull();
  });
});
