// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are read field by field
/**
 * A new shopper with an address and one unpaid LPAY order, made through the gateway with `jar`:
 * what a payment test starts from. Returns the order's id.
 */
import { randomUUID } from 'node:crypto';
import type { CookieJar, GatewayHarness } from './harness.ts';

export async function unpaidOrder(
  h: GatewayHarness,
  jar: CookieJar,
  shopper: { username: string; phone: string; recipient: string; detail: string },
): Promise<string> {
  await h.gql(
    'mutation($i: RegisterInput!) { register(input: $i) { userErrors { code } } }',
    { i: { username: shopper.username, password: 'secret123', phone: shopper.phone } },
    { jar },
  );
  const address = await h.gql<any>(
    'mutation($i: CreateAddressInput!) { createAddress(input: $i) { address { id } } }',
    {
      i: {
        recipient: shopper.recipient,
        phone: shopper.phone,
        city: '上海市 上海市',
        detail: shopper.detail,
      },
    },
    { jar },
  );
  const products = await h.gql<any>('{ products(page: { pageSize: 5 }) { records { id stock } } }');
  const placed = await h.gql<any>(
    'mutation($i: PlaceOrderInput!) { placeOrder(input: $i) { order { id } userErrors { code } } }',
    {
      i: {
        productId: products.data.products.records.find((p: any) => p.stock > 0).id,
        quantity: 1,
        addressId: address.data.createAddress.address.id,
        paymentMethod: 'LPAY',
        requestId: randomUUID(),
      },
    },
    { jar },
  );
  return placed.data.placeOrder.order.id;
}
