import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSITIONS } from '../../service/src/modules/orders/status.ts';
import type { TestService } from './harness.ts';
import {
  addProduct,
  orderInStatus,
  placeOrder,
  product,
  SHIPMENT,
  type Shopper,
  startShop,
} from './orders-fixture.ts';
import { ledgerRows, orderRow, payThroughPage } from './payments-fixture.ts';
import type { TestSession } from './session-fixture.ts';

describe('order life cycle and the 5×5 status table', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const detail = async (id: number) =>
    (await service.http.get(`/service/shop/order/${id}`).set(buyer.headers)).body.data;

  it('goes place → pay on the hosted page → ship → receive → complete → refund approved', async () => {
    const productId = await addProduct(service, { price: 19_900, stock: 3 });
    const order = await placeOrder(service, buyer, productId, 2);
    expect(order).toMatchObject({ status: 0, paymentStatus: 0, payableAmount: 39_800 });

    await payThroughPage(service, buyer, order.id);
    let view = await detail(order.id);
    expect(view).toMatchObject({
      status: 1,
      paymentStatus: 1,
      paidAmount: 39_800,
      payment: { method: 'lpay', status: 1 },
      actions: { canPay: false, canCancel: false, canReceive: false, canRefund: true },
    });
    expect(view.paidAt).not.toBeNull();

    const ship = await service.http
      .post(`/service/admin/order/${order.id}/ship`)
      .set(admin.headers)
      .send(SHIPMENT);
    expect(ship.body).toMatchObject({
      success: true,
      alterMsg: '发货成功',
      data: { id: order.id, status: 2 },
    });
    view = await detail(order.id);
    expect(view).toMatchObject({ status: 2, actions: { canReceive: true } });
    expect(view.shippedAt).not.toBeNull();

    const receive = await service.http.post(`/service/shop/order/${order.id}/receive`).set(buyer.headers);
    expect(receive.body).toMatchObject({ success: true, data: { status: 3, paymentStatus: 1 } });
    expect(receive.body.data.receivedAt).not.toBeNull();

    const refund = await service.http
      .post(`/service/shop/order/${order.id}/refund`)
      .set(buyer.headers)
      .send({ reason: '尺码不合适' });
    expect(refund.body).toMatchObject({
      success: true,
      data: {
        status: 3,
        refund: { reviewStatus: 1, reason: '尺码不合适', amount: 39_800, origin: 'shopper' },
      },
    });
    const refundId = refund.body.data.refund.id;
    const review = await service.http
      .post(`/service/admin/refund/${refundId}/review`)
      .set(admin.headers)
      .send({ approve: true, remark: '同意退款' });
    expect(review.body).toMatchObject({ success: true, data: { reviewStatus: 2, remark: '同意退款' } });
    view = await detail(order.id);
    // A complete order keeps its status; the money goes back (payment status refund).
    expect(view).toMatchObject({ status: 3, paymentStatus: 3, actions: { canRefund: false } });
    const ledger = await ledgerRows(service, order.id);
    expect(ledger.map((row) => [row.direction, row.amount, row.type])).toEqual([
      [0, 39_800, 'order-payment'],
      [1, 39_800, 'refund'],
    ]);
    const steps = await service.http.get(`/service/shop/order/${order.id}/after-sales`).set(buyer.headers);
    expect(
      steps.body.data.map((s: { reviewStatus: number; remark: string }) => [s.reviewStatus, s.remark]),
    ).toEqual([
      [1, '尺码不合适'],
      [2, '同意退款'],
    ]);
    expect(await product(service, productId)).toMatchObject({ stock: 1, sales: 2 });
  });

  // Every action from every status: the actions lead to 1 (pay), 2 (ship), 3 (receive) and 4
  // (cancel); nothing leads back to 0. Refund applications keep the status.
  type Attempt = 'pay' | 'ship' | 'receive' | 'cancel' | 'refund';
  // Which status each shopper/admin action needs (the table in service/src/modules/orders/status.ts).
  const legalFrom: Record<Attempt, number[]> = {
    pay: [TRANSITIONS.pay[0]],
    ship: [TRANSITIONS.ship[0]],
    receive: [TRANSITIONS.receive[0]],
    cancel: [TRANSITIONS.cancel[0]],
    refund: [1, 2, 3],
  };
  const target: Record<Exclude<Attempt, 'refund'>, number> = {
    pay: TRANSITIONS.pay[1],
    ship: TRANSITIONS.ship[1],
    receive: TRANSITIONS.receive[1],
    cancel: TRANSITIONS.cancel[1],
  };

  async function attempt(action: Attempt, orderId: number) {
    switch (action) {
      case 'pay':
        return service.http.post(`/service/shop/pay/${orderId}`).set(buyer.headers).send({ method: 'lpay' });
      case 'ship':
        return service.http.post(`/service/admin/order/${orderId}/ship`).set(admin.headers).send(SHIPMENT);
      case 'receive':
        return service.http.post(`/service/shop/order/${orderId}/receive`).set(buyer.headers);
      case 'cancel':
        return service.http.post(`/service/shop/order/${orderId}/cancel`).set(buyer.headers);
      case 'refund':
        return service.http
          .post(`/service/shop/order/${orderId}/refund`)
          .set(buyer.headers)
          .send({ reason: '不想要了' });
    }
  }

  for (const from of [0, 1, 2, 3, 4]) {
    for (const action of ['pay', 'ship', 'receive', 'cancel', 'refund'] as Attempt[]) {
      const legal = legalFrom[action].includes(from);
      it(`${legal ? 'allows' : 'refuses'} ${action} from status ${from}`, async () => {
        const productId = await addProduct(service, { stock: 5 });
        const orderId = await orderInStatus(service, buyer, admin, from, productId);
        const before = await orderRow(service, orderId);
        const stockBefore = await product(service, productId);
        const ledgerBefore = (await ledgerRows(service, orderId)).length;
        const res = await attempt(action, orderId);
        expect(res.status).toBe(200);
        const after = await orderRow(service, orderId);
        if (!legal) {
          expect(res.body).toMatchObject({ success: false, alterMsg: '当前订单状态不允许该操作' });
          expect(after).toEqual(before);
          expect(await product(service, productId)).toEqual(stockBefore);
          expect(await ledgerRows(service, orderId)).toHaveLength(ledgerBefore);
          const refunds = await service.ctx.db
            .selectFrom('refunds')
            .select('id')
            .where('order_id', '=', orderId)
            .execute();
          expect(refunds).toHaveLength(0);
          return;
        }
        expect(res.body.success, JSON.stringify(res.body)).toBe(true);
        if (action === 'pay') {
          // The link is the way to 1; paying it moves the order.
          const token = res.body.data.payUrl;
          await service.http.post(`${token}/confirm`).type('form').send('').expect(303);
          expect((await orderRow(service, orderId)).status).toBe(target.pay);
        } else if (action === 'refund') {
          expect(after.status).toBe(from);
          expect(res.body.data.refund).toMatchObject({ reviewStatus: 1 });
        } else {
          expect(after.status).toBe(target[action]);
        }
      });
    }
  }
});
