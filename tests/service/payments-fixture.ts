import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { signPayload } from '../../service/src/modules/payments/signature.ts';
import type { TestService } from './harness.ts';
import type { TestSession } from './session-fixture.ts';

/** Fixtures of the payment suites: lpay links, the hosted page, notifications, the rows they leave. */

/** Asks for a payment link and returns its token and the checkout path under /service. */
export async function payLink(service: TestService, buyer: TestSession, orderId: number) {
  const res = await service.http
    .post(`/service/shop/pay/${orderId}`)
    .set(buyer.headers)
    .send({ method: 'lpay' });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  const path: string = res.body.data.payUrl;
  const token = path.split('/').pop()!;
  return { token, path, expiresAt: res.body.data.expiresAt as string };
}

/** Pays through the hosted page: Pay button (confirm form). */
export async function payThroughPage(service: TestService, buyer: TestSession, orderId: number) {
  const link = await payLink(service, buyer, orderId);
  const res = await service.http.post(`${link.path}/confirm`).type('form').send('');
  expect(res.status, res.text).toBe(303);
  return { ...link, location: res.headers.location as string };
}

/** A payment.succeeded event for an order's payment token, paid now, with a fresh event id unless one is given. */
export function succeededEvent(
  service: TestService,
  orderId: number,
  paymentToken: string,
  amount: number,
  eventId = `evt-${randomUUID()}`,
) {
  return {
    eventId,
    type: 'payment.succeeded',
    orderId,
    paymentToken,
    amount,
    paidAt: service.ctx.now().toISOString(),
  };
}

/** Sends a notification signed with the service's lpay secret (or another), at a given time. */
export function notify(
  service: TestService,
  event: Record<string, unknown>,
  options: { at?: Date; secret?: string; header?: string } = {},
) {
  const body = JSON.stringify(event);
  const header =
    options.header ??
    signPayload(options.secret ?? service.ctx.secrets.lpay, body, options.at ?? service.ctx.now());
  return service.http
    .post('/service/pay/lpay/notify')
    .set('Content-Type', 'application/json')
    .set('lpay-signature', header)
    .send(body);
}

/** The order's row as stored. */
export async function orderRow(service: TestService, id: number) {
  return service.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The ledger entries booked for an order. */
export async function ledgerRows(service: TestService, orderId: number) {
  return service.ctx.db.selectFrom('ledger_entries').selectAll().where('order_id', '=', orderId).execute();
}
