// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness, stockedProductIds } from './harness.ts';

const ENGLISH = { 'accept-language': 'en-GB' };
const CHINESE = { 'accept-language': 'zh-CN' };
const ADDRESS = 'id city cityCode provinceCode';
const SNAPSHOT = 'address { city cityCode provinceCode }';

describe('gateway API: an address keeps its city code and reads in the caller’s language', () => {
  let h: GatewayHarness;
  let buyer: CookieJar;
  let admin: CookieJar;

  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { ACCESS_TOKEN_TTL: '1h' } });
    buyer = h.jar();
    const res = await h.gql(
      'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
      { input: { username: 'citycoder', password: 'secret123', phone: '13622224444' } },
      { jar: buyer },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    admin = h.jar();
    const login = await h.gql(
      'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }',
      { input: { account: 'admin', password: 'admin123' } },
      { jar: admin },
    );
    if (login.errors) throw new Error(JSON.stringify(login.errors));
  });
  afterAll(() => h.close());

  it('answers cityCode and provinceCode, and the city in each language, on the address and the order', async () => {
    const saved = await h.gql<any>(
      `mutation($input: CreateAddressInput!) { createAddress(input: $input) {
        address { ${ADDRESS} } userErrors { code field } } }`,
      {
        input: {
          recipient: 'Li Lei',
          phone: '13622224444',
          city: 'Guangdong Shenzhen',
          cityCode: '440300',
          detail: '1 Keji Rd',
        },
      },
      { jar: buyer, headers: ENGLISH },
    );
    expect(saved.errors).toBeUndefined();
    const address = saved.data.createAddress.address;
    expect(address).toMatchObject({ city: 'Guangdong Shenzhen', cityCode: '440300', provinceCode: '440000' });

    const zh = await h.gql<any>(`{ addresses { ${ADDRESS} } }`, undefined, { jar: buyer, headers: CHINESE });
    expect(zh.data.addresses).toEqual([{ ...address, city: '广东省 深圳市' }]);

    const [productId] = await stockedProductIds(h, 5, 1);
    const placed = await h.gql<any>(
      'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { order { id } userErrors { code } } }',
      {
        i: {
          productId: String(productId),
          quantity: 1,
          addressId: address.id,
          paymentMethod: 'LPAY',
          requestId: randomUUID(),
        },
      },
      { jar: buyer, headers: ENGLISH },
    );
    expect(placed.data.placeOrder.userErrors).toEqual([]);
    const orderId = placed.data.placeOrder.order.id;

    const mine = await h.gql<any>(
      `query($id: ID!) { order(id: $id) { ${SNAPSHOT} } }`,
      { id: orderId },
      {
        jar: buyer,
        headers: CHINESE,
      },
    );
    expect(mine.data.order.address).toEqual({
      city: '广东省 深圳市',
      cityCode: '440300',
      provinceCode: '440000',
    });
    const office = (headers: Record<string, string>) =>
      h.gql<any>(
        `query($id: ID!) { adminOrder(id: $id) { order { ${SNAPSHOT} } } }`,
        { id: orderId },
        {
          jar: admin,
          headers,
        },
      );
    expect((await office(CHINESE)).data.adminOrder.order.address.city).toBe('广东省 深圳市');
    expect((await office(ENGLISH)).data.adminOrder.order.address.city).toBe('Guangdong Shenzhen');

    const refused = await h.gql<any>(
      `mutation($input: CreateAddressInput!) { createAddress(input: $input) {
        address { id } userErrors { code field message } } }`,
      {
        input: { recipient: '张三', phone: '13622224444', city: '某地', cityCode: '990100', detail: '1 号' },
      },
      { jar: buyer, headers: CHINESE },
    );
    expect(refused.data.createAddress.address).toBeNull();
    expect(refused.data.createAddress.userErrors).toEqual([
      expect.objectContaining({ field: ['input', 'cityCode'], message: '所在城市 格式不正确' }),
    ]);
  });
});
