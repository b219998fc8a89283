/**
 * Shopper fixtures the e2e suites set up through the gateway with the page's session cookie:
 * a GraphQL call that fails the test on errors, an address, an order.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { gqlInPage } from './harness.ts';

/** A GraphQL call with the page's session cookie; fails the test on errors. */
export async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await gqlInPage<{ data?: T; errors?: unknown[] }>(page, query, variables);
  if (body.errors?.length || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** Saves a default address in Guangzhou for the signed-in shopper; returns its id. */
export async function createAddress(page: Page, recipient = '王五', detail = '天河路 1 号'): Promise<string> {
  const data = await gql<{ createAddress: { address: { id: string } } }>(
    page,
    'mutation($input: CreateAddressInput!) { createAddress(input: $input) { address { id } } }',
    { input: { recipient, phone: '13800138000', city: '广东省 广州市', detail, isDefault: true } },
  );
  return data.createAddress.address.id;
}

/** Places an lpay order for the signed-in shopper (the confirm page is covered by shop.e2e). */
export async function placeOrder(
  page: Page,
  productId: string,
  addressId: string,
  quantity = 1,
): Promise<string> {
  const data = await gql<{ placeOrder: { order: { id: string } } }>(
    page,
    'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { order { id } } }',
    { input: { productId, quantity, addressId, paymentMethod: 'LPAY', requestId: randomUUID() } },
  );
  return data.placeOrder.order.id;
}
