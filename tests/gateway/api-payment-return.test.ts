// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * A native app comes back from lpay: `startPayment(input: { returnUrl })` takes a deep
 * link from the configured allow-list; the hosted page's Pay and Cancel return there with the
 * order id. Anything else is refused as a userError on `returnUrl`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';
import { unpaidOrder } from './unpaid-order.ts';

const START = `mutation($i: StartPaymentInput!) { startPayment(input: $i) {
  payUrl userErrors { code field message } } }`;

describe('payment links with a return address', () => {
  let h: GatewayHarness;
  let jar: CookieJar;
  let orderId: string;
  beforeAll(async () => {
    h = await startGatewayHarness({ serviceEnv: { PAYMENT_RETURN_URLS: 'shopapp://' } });
    jar = h.jar();
    orderId = await unpaidOrder(h, jar, {
      username: 'mobile01',
      phone: '13955550002',
      recipient: '王五',
      detail: '淮海路 2 号',
    });
  });
  afterAll(() => h.close());

  it.each(['javascript:alert(1)', 'https://evil.example/pay', 'otherapp://x'])(
    'refuses %s as a userError on returnUrl',
    async (returnUrl) => {
      const res = await h.gql<any>(START, { i: { orderId, method: 'LPAY', returnUrl } }, { jar });
      expect(res.errors).toBeUndefined();
      expect(res.data.startPayment.payUrl).toBeNull();
      expect(res.data.startPayment.userErrors).toEqual([
        { code: 'VALIDATION_INVALID', field: ['input', 'returnUrl'], message: expect.any(String) },
      ]);
    },
  );

  it('Pay returns to the app deep link with the order id; an edited link falls back to the shop', async () => {
    const res = await h.gql<any>(
      START,
      { i: { orderId, method: 'LPAY', returnUrl: 'shopapp://pay-result' } },
      { jar },
    );
    expect(res.data.startPayment.userErrors).toEqual([]);
    const payUrl = new URL(res.data.startPayment.payUrl);
    expect(payUrl.searchParams.get('return')).toBe('shopapp://pay-result');

    const page = await h.service.http.get(`${payUrl.pathname}${payUrl.search}`).set('accept', 'text/html');
    expect(page.text).toContain(`confirm?return=${encodeURIComponent('shopapp://pay-result')}`);

    const forged = await h.service.http
      .post(`${payUrl.pathname}/cancel?return=${encodeURIComponent('https://evil.example/')}`)
      .type('form')
      .send('');
    expect(forged.status).toBe(303);
    expect(forged.headers.location).toMatch(/\/order\/pay-result\?orderId=/);

    const again = await h.gql<any>(
      START,
      { i: { orderId, method: 'LPAY', returnUrl: 'shopapp://pay-result' } },
      { jar },
    );
    const link = new URL(again.data.startPayment.payUrl);
    const paid = await h.service.http.post(`${link.pathname}/confirm${link.search}`).type('form').send('');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`shopapp://pay-result?orderId=${orderId}`);
    const result = await h.gql<any>(
      'query($id: ID!) { paymentResult(orderId: $id) { paymentStatus } }',
      { id: orderId },
      { jar },
    );
    expect(result.data.paymentResult.paymentStatus).toBe('PAID');
  });
});
