import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { ledgerRows, notify, orderRow, payLink, succeededEvent } from './payments-fixture.ts';
import type { TestSession } from './session-fixture.ts';

describe('refunds and after-sales', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const apply = (orderId: number, reason = '质量问题') =>
    service.http.post(`/service/shop/order/${orderId}/refund`).set(buyer.headers).send({ reason });
  const review = (refundId: number, body: Record<string, unknown>) =>
    service.http.post(`/service/admin/refund/${refundId}/review`).set(admin.headers).send(body);
  const steps = async (orderId: number) =>
    (await service.http.get(`/service/shop/order/${orderId}/after-sales`).set(buyer.headers)).body.data as {
      reviewStatus: number;
      remark: string;
    }[];

  it('approving a refund of a paid, unshipped order cancels it, restores stock and gives the money back', async () => {
    const productId = await addProduct(service, { price: 5000, stock: 4 });
    const orderId = await orderInStatus(service, buyer, admin, 1, productId);
    expect(await product(service, productId)).toMatchObject({ stock: 3, sales: 1 });
    const applied = await apply(orderId);
    expect(applied.body).toMatchObject({ success: true, alterMsg: '退款申请已提交，请等待审核' });
    const refundId = applied.body.data.refund.id;
    const res = await review(refundId, { approve: true });
    expect(res.body).toMatchObject({ success: true, data: { reviewStatus: 2 } });
    expect(await orderRow(service, orderId)).toMatchObject({
      status: 4,
      payment_status: 3,
      cancel_reason: 'refunded',
    });
    expect(await product(service, productId)).toMatchObject({ stock: 4, sales: 0 });
    const payments = await service.ctx.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', orderId)
      .execute();
    expect(payments.map((p) => p.status)).toEqual([3]);
    expect((await ledgerRows(service, orderId)).map((r) => [r.direction, r.amount])).toEqual([
      [0, 5000],
      [1, 5000],
    ]);
    expect((await steps(orderId)).map((s) => s.reviewStatus)).toEqual([1, 2]);
    const again = await review(refundId, { approve: true });
    expect(again.body).toMatchObject({ success: false, message: 'admin.refundReviewed' });
    expect(await ledgerRows(service, orderId)).toHaveLength(2);
  });

  it('rejecting needs a remark, keeps the order and payment, and shows the remark in the progress', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 2, await addProduct(service, { price: 300 }));
    const refundId = (await apply(orderId, '包装破损')).body.data.refund.id;
    const noRemark = await review(refundId, { approve: false });
    expect(noRemark.status).toBe(400);
    expect(noRemark.body.alterMsg).toBe('审核备注 不能为空');
    expect(
      (
        await service.ctx.db
          .selectFrom('refunds')
          .select('review_status')
          .where('id', '=', refundId)
          .executeTakeFirstOrThrow()
      ).review_status,
    ).toBe(1);
    const res = await review(refundId, { approve: false, remark: '商品已签收且无破损' });
    expect(res.body).toMatchObject({ success: true, alterMsg: '退款已拒绝', data: { reviewStatus: 3 } });
    expect(await orderRow(service, orderId)).toMatchObject({ status: 2, payment_status: 1 });
    expect(await ledgerRows(service, orderId)).toHaveLength(1);
    const progress = await steps(orderId);
    expect(progress.map((s) => [s.reviewStatus, s.remark])).toEqual([
      [1, '包装破损'],
      [3, '商品已签收且无破损'],
    ]);
    const detail = await service.http.get(`/service/shop/order/${orderId}`).set(buyer.headers);
    expect(detail.body.data).toMatchObject({ refund: { reviewStatus: 3 }, actions: { canRefund: true } });
    // After a rejection the shopper may apply again.
    expect((await apply(orderId, '再次申请')).body.success).toBe(true);
  });

  it('allows one open application per order, even when sent in parallel, and holds shipping meanwhile', async () => {
    const orderId = await orderInStatus(service, buyer, admin, 1, await addProduct(service));
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(orderId)));
    expect(answers.filter((res) => res.body.success)).toHaveLength(1);
    for (const res of answers.filter((r) => !r.body.success)) {
      expect(res.body.message).toBe('order.refundPending');
    }
    const refunds = await service.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(refunds).toHaveLength(1);
    const ship = await service.http
      .post(`/service/admin/order/${orderId}/ship`)
      .set(admin.headers)
      .send(SHIPMENT);
    expect(ship.body).toMatchObject({ success: false, message: 'order.refundPending' });
    expect((await orderRow(service, orderId)).status).toBe(1);
    // Parallel approvals: one review, one income.
    const reviews = await Promise.all(
      Array.from({ length: 5 }, () => review(refunds[0].id, { approve: true })),
    );
    expect(reviews.filter((res) => res.body.success)).toHaveLength(1);
    expect((await ledgerRows(service, orderId)).filter((r) => r.direction === 1)).toHaveLength(1);
  });

  it('reviews a late payment: approval refunds it, the cancelled order stays cancelled', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 990 }));
    const link = await payLink(service, buyer, order.id);
    await service.http.post(`/service/shop/order/${order.id}/cancel`).set(buyer.headers).expect(200);
    const late = await notify(service, succeededEvent(service, order.id, link.token, 990));
    expect(late.body.data.outcome).toBe('late-payment');
    const page = await service.http
      .get('/service/admin/refund/page?reviewStatus=1&pageSize=999')
      .set(admin.headers);
    const pending = page.body.data.records.find((r: { orderId: number }) => r.orderId === order.id);
    expect(pending).toMatchObject({
      origin: 'late-payment',
      reviewStatus: 1,
      amount: 990,
      account: buyer.account,
    });
    const res = await review(pending.id, { approve: true, remark: '原路退回' });
    expect(res.body.success).toBe(true);
    expect(await orderRow(service, order.id)).toMatchObject({ status: 4, payment_status: 3 });
    expect((await ledgerRows(service, order.id)).map((r) => [r.direction, r.amount])).toEqual([
      [0, 990],
      [1, 990],
    ]);
  });

  it('refuses applications for pending or cancelled orders and empty reasons', async () => {
    const productId = await addProduct(service);
    for (const status of [0, 4]) {
      const orderId = await orderInStatus(service, buyer, admin, status, productId);
      const res = await apply(orderId);
      expect(res.body).toMatchObject({ success: false, alterMsg: '当前订单状态不允许该操作' });
    }
    const paid = await orderInStatus(service, buyer, admin, 1, productId);
    const empty = await apply(paid, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.alterMsg).toBe('请输入内容');
    const unknown = await review(999_999, { approve: true });
    expect(unknown.status).toBe(404);
  });
});
