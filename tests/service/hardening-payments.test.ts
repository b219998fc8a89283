import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { addProduct, placeOrder, product, type Shopper, startShop } from './orders-fixture.ts';
import { ledgerRows, notify, orderRow, payLink, succeededEvent } from './payments-fixture.ts';

/**
 * Races between payment links and cancellation end in exactly one
 * outcome (one capture, no 500, no deadlock) on both databases, and a refused notification does
 * not block its corrected redelivery.
 */
describe('hardening: payments under races', () => {
  let service: TestService, buyer: Shopper;
  beforeAll(async () => ({ service, buyer } = await startShop({ PUBLIC_ORIGIN: 'https://shop.example' })));
  afterAll(() => service.close());

  const confirm = (path: string) => service.http.post(`${path}/confirm`).set('Accept', 'application/json');
  const payments = (orderId: number) =>
    service.ctx.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute();
  const refunds = (orderId: number) =>
    service.ctx.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();

  it('captures exactly one of two links of one order confirmed at the same time (10 rounds)', async () => {
    const productId = await addProduct(service, { price: 1500, stock: 50 });
    for (let round = 0; round < 10; round += 1) {
      const order = await placeOrder(service, buyer, productId);
      const first = await payLink(service, buyer, order.id);
      const second = await payLink(service, buyer, order.id);
      const answers = await Promise.all([confirm(first.path), confirm(second.path)]);
      for (const res of answers) expect(res.status, res.text).toBeLessThan(500);
      // Both shoppers' tabs land on the result page of the one paid order, or see a closed link.
      expect(answers.filter((res) => res.body.success)).not.toHaveLength(0);

      const rows = await payments(order.id);
      expect(
        rows.filter((row) => row.status === 1),
        `round ${round}`,
      ).toHaveLength(1);
      expect(
        rows.filter((row) => row.status === 0),
        `round ${round}`,
      ).toHaveLength(0);
      expect(await ledgerRows(service, order.id), `round ${round}`).toHaveLength(1);
      expect(await refunds(order.id), `round ${round}`).toHaveLength(0);
      expect(await orderRow(service, order.id)).toMatchObject({
        status: 1,
        payment_status: 1,
        paid_amount: 1500,
      });
    }
  });

  it('a link of an order paid through another link is closed, not captured', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 700 }));
    const first = await payLink(service, buyer, order.id);
    const second = await payLink(service, buyer, order.id);
    expect((await confirm(first.path)).body.success).toBe(true);
    const late = await confirm(second.path);
    expect(late.status).toBeLessThan(500);
    expect((await payments(order.id)).map((row) => row.status).sort()).toEqual([1, 2]);
    expect(await ledgerRows(service, order.id)).toHaveLength(1);
    expect(await refunds(order.id)).toHaveLength(0);
  });

  it('cancel and pay racing on 10 orders at once (20 requests, 2 rounds): no 500, one outcome each', async () => {
    const productId = await addProduct(service, { price: 900, stock: 100 });
    for (let round = 0; round < 2; round += 1) {
      const orders = [];
      for (let i = 0; i < 10; i += 1) {
        const order = await placeOrder(service, buyer, productId);
        orders.push({ id: order.id as number, link: await payLink(service, buyer, order.id) });
      }
      const answers = await Promise.all(
        orders.flatMap(({ id, link }) => [
          service.http.post(`/service/shop/order/${id}/cancel`).set(buyer.headers),
          confirm(link.path),
        ]),
      );
      for (const res of answers) expect(res.status, res.text).toBeLessThan(500);
      for (const [index, { id }] of orders.entries()) {
        const cancel = answers[index * 2];
        const row = await orderRow(service, id);
        const ledger = await ledgerRows(service, id);
        if (row.status === 4) {
          // Cancel won: the link died with the order, no money moved.
          expect(cancel.body.success).toBe(true);
          expect(row.payment_status).toBe(2);
          expect(ledger).toHaveLength(0);
          expect((await payments(id)).map((p) => p.status)).toEqual([2]);
        } else {
          // Pay won: the cancel is a business refusal, the money is booked once.
          expect(row).toMatchObject({ status: 1, payment_status: 1 });
          expect(cancel.status).toBe(200);
          expect(cancel.body).toMatchObject({ success: false, message: 'order.statusNotAllowed' });
          expect(ledger).toHaveLength(1);
        }
        expect(await refunds(id)).toHaveLength(0);
      }
    }
    // Every cancelled order gave its unit back: stock + sales stays 100.
    const stock = await product(service, productId);
    expect(stock.stock + stock.sales).toBe(100);
  });

  it('applies a corrected redelivery of a refused notification with the same event id', async () => {
    const order = await placeOrder(service, buyer, await addProduct(service, { price: 1000 }));
    const link = await payLink(service, buyer, order.id);
    const event = succeededEvent(service, order.id, link.token, 999);
    const refused = await notify(service, event);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('payment.amountMismatch');

    const corrected = await notify(service, { ...event, amount: 1000 });
    expect(corrected.body).toMatchObject({ success: true, data: { outcome: 'paid' } });
    expect(await orderRow(service, order.id)).toMatchObject({
      status: 1,
      payment_status: 1,
      paid_amount: 1000,
    });
    expect(await ledgerRows(service, order.id)).toHaveLength(1);
    const recorded = await service.ctx.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('event_id', '=', event.eventId)
      .execute();
    expect(recorded).toEqual([{ outcome: 'paid' }]);

    // Applied once: the same event again is a duplicate and moves nothing.
    const replay = await notify(service, { ...event, amount: 1000 });
    expect(replay.body).toMatchObject({ success: true, data: { outcome: 'duplicate-event' } });
    expect(await ledgerRows(service, order.id)).toHaveLength(1);
  });
});
