import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, orderInStatus, SHIPMENT, type Shopper, shopper, startShop } from './orders-fixture.ts';
import type { TestSession } from './session-fixture.ts';

describe('back office', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const endpoints: [string, string, Record<string, unknown>?][] = [
    ['get', '/service/admin/order/page'],
    ['get', '/service/admin/order/1'],
    ['post', '/service/admin/order/1/ship'],
    ['get', '/service/admin/refund/page'],
    ['post', '/service/admin/refund/1/review', { approve: true }],
  ];

  it('refuses every back-office endpoint to shoppers with 403 无访问权限, and to visitors with 401', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    for (const [method, path, body] of endpoints) {
      const target = path.replace(/\/1(\/|$)/, `/${orderId}$1`);
      const shopperRes = await (method === 'get'
        ? service.http.get(target)
        : service.http.post(target).send(body ?? {})
      ).set(buyer.headers);
      expect(shopperRes.status, path).toBe(403);
      expect(shopperRes.body).toMatchObject({ success: false, alterMsg: '无访问权限' });
      const anonymous = await (method === 'get' ? service.http.get(target) : service.http.post(target));
      expect(anonymous.status, path).toBe(401);
    }
    const row = await service.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
  });

  it('lists every shopper’s orders with the account, filtered by status', async () => {
    const other = await shopper(service);
    const productId = await addProduct(service);
    const mine = await orderInStatus(service, buyer, admin, 1, productId);
    const theirs = await orderInStatus(service, other, admin, 1, productId);
    const pending = await orderInStatus(service, other, admin, 0, productId);
    const res = await service.http.get('/service/admin/order/page?status=1&pageSize=999').set(admin.headers);
    expect(res.body.success).toBe(true);
    const records = res.body.data.records as {
      id: number;
      account: string;
      status: number;
      items: unknown[];
    }[];
    expect(records.every((r) => r.status === 1)).toBe(true);
    expect(records.find((r) => r.id === mine)).toMatchObject({ account: buyer.account });
    expect(records.find((r) => r.id === theirs)).toMatchObject({ account: other.account });
    expect(records.some((r) => r.id === pending)).toBe(false);
    expect(records.find((r) => r.id === mine)?.items).toHaveLength(1);
    const all = await service.http.get('/service/admin/order/page?pageNum=1&pageSize=2').set(admin.headers);
    expect(all.body.data).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(all.body.data.records).toHaveLength(2);
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
  });

  it('ships only paid orders and answers unknown ones with 404', async () => {
    const paid = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    const ship = await service.http
      .post(`/service/admin/order/${paid}/ship`)
      .set(admin.headers)
      .send(SHIPMENT);
    expect(ship.body).toMatchObject({ success: true, data: { status: 2, account: buyer.account } });
    const twice = await service.http
      .post(`/service/admin/order/${paid}/ship`)
      .set(admin.headers)
      .send(SHIPMENT);
    expect(twice.body).toMatchObject({ success: false, alterMsg: '当前订单状态不允许该操作' });
    const unknown = await service.http
      .post('/service/admin/order/999999/ship')
      .set(admin.headers)
      .send(SHIPMENT);
    expect(unknown.status).toBe(404);
  });

  it('says whether an order may be shipped exactly when shipping would succeed', async () => {
    const productId = await addProduct(service);
    const canShip = async (orderId: number) =>
      (await service.http.get(`/service/admin/order/${orderId}`).set(admin.headers)).body.data.order.actions
        .canShip as boolean;
    const ship = async (orderId: number) =>
      (await service.http.post(`/service/admin/order/${orderId}/ship`).set(admin.headers).send(SHIPMENT)).body
        .success as boolean;

    const pending = await orderInStatus(service, buyer, admin, 0, productId);
    expect([await canShip(pending), await ship(pending)]).toEqual([false, false]);

    const paid = await orderInStatus(service, buyer, admin, 1, productId);
    await service.http
      .post(`/service/shop/order/${paid}/refund`)
      .set(buyer.headers)
      .send({ reason: '拍错了' });
    expect([await canShip(paid), await ship(paid)]).toEqual([false, false]);
    const refund = (
      await service.http.get('/service/admin/refund/page?reviewStatus=1&pageSize=999').set(admin.headers)
    ).body.data.records.find((r: { orderId: number }) => r.orderId === paid);
    await service.http
      .post(`/service/admin/refund/${refund.id}/review`)
      .set(admin.headers)
      .send({ approve: false, remark: '已备货' });
    expect(await canShip(paid)).toBe(true);
    expect(await ship(paid)).toBe(true);
    expect(await canShip(paid)).toBe(false);
  });

  it('lists refunds by review status', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    await service.http
      .post(`/service/shop/order/${orderId}/refund`)
      .set(buyer.headers)
      .send({ reason: '拍错了' });
    const pending = await service.http.get('/service/admin/refund/page?reviewStatus=1').set(admin.headers);
    const record = pending.body.data.records.find((r: { orderId: number }) => r.orderId === orderId);
    expect(record).toMatchObject({
      reviewStatus: 1,
      reason: '拍错了',
      account: buyer.account,
      orderStatus: 1,
    });
    const rejected = await service.http.get('/service/admin/refund/page?reviewStatus=3').set(admin.headers);
    expect(rejected.body.data.records.some((r: { orderId: number }) => r.orderId === orderId)).toBe(false);
    const everything = await service.http.get('/service/admin/refund/page?reviewStatus=').set(admin.headers);
    expect(everything.body.data.records.some((r: { orderId: number }) => r.orderId === orderId)).toBe(true);
  });

  it('shows one order with its buyer, payments and the review steps of its refunds', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    await service.http
      .post(`/service/shop/order/${orderId}/refund`)
      .set(buyer.headers)
      .send({ reason: '不想要了' });
    const refund = (
      await service.http.get('/service/admin/refund/page?reviewStatus=1&pageSize=999').set(admin.headers)
    ).body.data.records.find((r: { orderId: number }) => r.orderId === orderId);
    const review = await service.http
      .post(`/service/admin/refund/${refund.id}/review`)
      .set(admin.headers)
      .send({ approve: false, remark: '已发出，请收货后再申请' });
    expect(review.body.success).toBe(true);

    const res = await service.http.get(`/service/admin/order/${orderId}`).set(admin.headers);
    expect(res.body.success).toBe(true);
    const detail = res.body.data;
    expect(detail.order).toMatchObject({ id: orderId, status: 1, account: buyer.account });
    expect(detail.order.items).toHaveLength(1);
    expect(detail.order.address.recipient).toBeTruthy();
    expect(detail.buyer).toMatchObject({ account: buyer.account });
    expect(detail.buyer.phone).toMatch(/^1\d{10}$/);
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({
      method: 'lpay',
      status: 1,
      amount: detail.order.payableAmount,
    });
    expect(detail.payments[0].paidAt).toBeTruthy();
    expect(detail.refunds).toHaveLength(1);
    expect(detail.refunds[0]).toMatchObject({
      id: refund.id,
      reviewStatus: 3,
      remark: '已发出，请收货后再申请',
    });
    expect(
      detail.refundSteps.map((s: { reviewStatus: number; remark: string }) => [s.reviewStatus, s.remark]),
    ).toEqual([
      [1, '不想要了'],
      [3, '已发出，请收货后再申请'],
    ]);

    const unknown = await service.http.get('/service/admin/order/999999').set(admin.headers);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, alterMsg: '订单不存在' });
  });
});
