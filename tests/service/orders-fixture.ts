import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { insertCartLine } from '../../service/src/modules/cart/service.ts';
import { productRow } from '../../service/src/modules/catalogue/product-row.ts';
import { startTestService, type TestService } from './harness.ts';
import { payThroughPage } from './payments-fixture.ts';
import { createSession, type TestSession } from './session-fixture.ts';

/** Fixtures of the orders/payments suites: own products, addresses, the admin, pay helpers. */

export async function addProduct(
  service: TestService,
  options: { price?: number; stock?: number; onShelf?: boolean; name?: string } = {},
): Promise<number> {
  const { db } = service.ctx;
  const now = service.ctx.now().toISOString();
  const slug = `fixture-${randomBytes(4).toString('hex')}`;
  const category = await db
    .insertInto('categories')
    .values({ parent_id: null, name: '测试分类', name_en: 'Fixture', card_name: slug, icon: '', sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const name = options.name ?? `测试商品 ${slug}`;
  const product = await db
    .insertInto('products')
    .values(
      productRow({
        category_id: category.id,
        name,
        name_en: `Fixture product ${slug}`,
        price: options.price ?? 12_345,
        stock: options.stock ?? 10,
        image: '/service/files/fixture.svg',
        on_shelf: options.onShelf !== false,
        listed_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return product.id;
}

export async function product(service: TestService, id: number) {
  return service.ctx.db
    .selectFrom('products')
    .select(['stock', 'sales', 'on_shelf'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function addAddress(service: TestService, userId: number): Promise<number> {
  const now = service.ctx.now().toISOString();
  const row = await service.ctx.db
    .insertInto('addresses')
    .values({
      user_id: userId,
      recipient: '张三',
      phone: '13800000000',
      city: '上海市',
      detail: '浦东新区世纪大道 100 号',
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A cart line at the product's current price, as adding it to the cart makes one. */
export async function addCartLine(service: TestService, userId: number, productId: number, quantity: number) {
  const { db } = service.ctx;
  const { price } = await db
    .selectFrom('products')
    .select('price')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return insertCartLine(db, userId, { productId, quantity, price }, service.ctx.now().toISOString());
}

export interface Shopper extends TestSession {
  addressId: number;
}

export async function shopper(service: TestService): Promise<Shopper> {
  const session = await createSession(service);
  return { ...session, addressId: await addAddress(service, session.userId) };
}

/** A session of the account 'admin' (the seeded one when it exists). */
export async function adminSession(service: TestService): Promise<TestSession> {
  const { ctx } = service;
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (!existing) return createSession(service, { username: 'admin' });
  const sessionId = randomUUID();
  const now = ctx.now().toISOString();
  const far = new Date(ctx.now().getTime() + 86_400_000).toISOString();
  await ctx.db
    .insertInto('refresh_tokens')
    .values({
      user_id: existing.id,
      family_id: sessionId,
      token_hash: randomBytes(32).toString('hex'),
      replaced_by_hash: null,
      rotated_at: null,
      revoked_at: null,
      expires_at: far,
      family_expires_at: far,
      created_at: now,
    })
    .execute();
  const accessToken = await ctx.tokens.issue({ userId: existing.id, account: 'admin', sessionId });
  return {
    userId: existing.id,
    account: 'admin',
    accessToken,
    sessionId,
    headers: { Authorization: `Bearer ${accessToken}` },
  };
}

/**
 * The start of an orders suite: a service (`env` over access tokens that outlive the suite's clock
 * jumps), a shopper with an address, and the admin's session.
 */
export async function startShop(env: Record<string, string> = {}) {
  const service = await startTestService({ ACCESS_TOKEN_TTL: '7d', ...env });
  return { service, buyer: await shopper(service), admin: await adminSession(service) };
}

/** Places a buy-now order through the API and returns its detail. */
export async function placeOrder(
  service: TestService,
  buyer: Shopper,
  productId: number,
  quantity = 1,
  requestId: string = randomUUID(),
) {
  const res = await service.http
    .post('/service/shop/order')
    .set(buyer.headers)
    .send({ productId, quantity, addressId: buyer.addressId, paymentMethod: 'lpay', requestId });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
}

/** How the back office ships in these tests: a courier of the seeded list and a waybill number. */
export const SHIPMENT = { courier: 'SF', waybillNo: 'SF1234567890' };

/** Shops an order forward to a status: 0 pending, 1 paid, 2 shipped, 3 complete, 4 cancel. */
export async function orderInStatus(
  service: TestService,
  buyer: Shopper,
  admin: TestSession,
  status: number,
  productId: number,
) {
  const order = await placeOrder(service, buyer, productId);
  if (status === 4) {
    const res = await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyer.headers);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  }
  if (status >= 1 && status <= 3) await payThroughPage(service, buyer, order.id);
  if (status >= 2 && status <= 3) {
    const res = await service.http
      .post(`/service/admin/order/${order.id}/ship`)
      .set(admin.headers)
      .send(SHIPMENT);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  }
  if (status === 3) {
    const res = await service.http.post(`/service/shop/order/${order.id}/receive`).set(buyer.headers);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  }
  return order.id as number;
}
