// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * One failure does not wipe a screen: session-bound roots are nullable, so a page
 * query whose `orderPreview` is refused keeps its `addresses` and `config`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

const PAGE = `query($input: OrderPreviewInput!) {
  orderPreview(input: $input) { totalQuantity payableAmount { fen } }
  addresses { id recipient }
  config { shopName paymentMethods { code } }
}`;

describe('a refused root keeps the other roots', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness();
  });
  afterAll(() => h.close());

  it('confirm page: orderPreview refused (a product that does not exist), addresses and config still answered', async () => {
    const jar = h.jar();
    const login = await h.gql(
      'mutation($i: LoginInput!) { login(input: $i) { userErrors { code } } }',
      { i: { account: 'demo', password: 'demo123' } },
      { jar },
    );
    expect(login.errors).toBeUndefined();
    const address = await h.gql<any>(
      'mutation($i: CreateAddressInput!) { createAddress(input: $i) { address { id } } }',
      { i: { recipient: '张三', phone: '13622223333', city: '北京市 北京市', detail: '长安街 1 号' } },
      { jar },
    );
    const products = await h.gql<any>('{ products(page: { pageSize: 1 }) { records { id stock } } }');
    const product = products.data.products.records[0];

    const ok = await h.gql<any>(PAGE, { input: { productId: product.id, quantity: 1 } }, { jar });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.orderPreview.totalQuantity).toBe(1);

    const res = await h.gql<any>(PAGE, { input: { productId: '987654', quantity: 1 } }, { jar });
    expect(res.status).toBe(200);
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0].path).toEqual(['orderPreview']);
    expect(['BAD_USER_INPUT', 'NOT_FOUND']).toContain(res.errors?.[0].extensions?.code);
    expect(res.data?.orderPreview).toBeNull();
    expect(res.data?.addresses).toEqual([{ id: address.data.createAddress.address.id, recipient: '张三' }]);
    expect(res.data?.config.shopName).toBeTruthy();
  });

  it('signed out: the private roots are null with UNAUTHENTICATED, the public ones answered', async () => {
    const res = await h.gql<any>('{ cart { id } orders { total } config { shopName } }');
    expect(res.data?.cart).toBeNull();
    expect(res.data?.orders).toBeNull();
    expect(res.data?.config.shopName).toBeTruthy();
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED']);
  });
});
