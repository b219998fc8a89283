// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Paying from an origin that is not PUBLIC_ORIGIN (the shop opened at 127.0.0.1 while PUBLIC_ORIGIN says
 * localhost, or from a phone at the machine's LAN address): the pay link, the hosted page's links and its
 * return all stay on the origin the shopper used, where their session cookie is, and the session still
 * reads the paid result there. A Host the connection does not prove never reaches the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';
import { unpaidOrder } from './unpaid-order.ts';

const PUBLIC_ORIGIN = 'http://localhost:4000';
const START = `mutation($i: StartPaymentInput!) { startPayment(input: $i) {
  payUrl userErrors { code field message } } }`;

describe('paying from another of the shop origins', () => {
  let h: GatewayHarness;
  let jar: CookieJar;
  let orderId: string;
  const start = (headers?: Record<string, string>) =>
    h.gql<any>(START, { i: { orderId, method: 'LPAY' } }, { jar, ...(headers ? { headers } : {}) });

  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { PUBLIC_ORIGIN } });
    jar = h.jar();
    orderId = await unpaidOrder(h, jar, {
      username: 'origin01',
      phone: '13955550031',
      recipient: '赵六',
      detail: '南京路 3 号',
    });
  });
  afterAll(() => h.close());

  it('never puts a Host the connection does not prove into the link: PUBLIC_ORIGIN instead', async () => {
    const otherPort = `127.0.0.1:${Number(new URL(h.url).port) + 1}`;
    for (const host of ['evil.example', `evil.example:${new URL(h.url).port}`, otherPort, 'x@127.0.0.1']) {
      const res = await start({ host });
      expect(res.data.startPayment.userErrors, host).toEqual([]);
      expect(new URL(res.data.startPayment.payUrl).origin, host).toBe(PUBLIC_ORIGIN);
    }
  });

  it('gives the link on localhost when the shop was opened as localhost on its own port', async () => {
    const res = await start({ host: `localhost:${new URL(h.url).port}` });
    expect(new URL(res.data.startPayment.payUrl).origin).toBe(`http://localhost:${new URL(h.url).port}`);
  });

  it('pays from 127.0.0.1 and comes back to the result there, signed in', async () => {
    const started = await start();
    expect(started.data.startPayment.userErrors).toEqual([]);
    const payUrl = new URL(started.data.startPayment.payUrl);
    expect(payUrl.origin).toBe(h.url);
    expect(payUrl.pathname).toMatch(/^\/service\/pay\/lpay\/checkout\/[A-Za-z0-9_-]{43}$/);

    // the hosted page, through the gateway: its links are the shop's own pages on this origin
    const page = await h.http.get(payUrl.pathname).set('accept', 'text/html').set('cookie', jar.header());
    expect(page.status).toBe(200);
    expect(page.text).toContain('<header><a href="/">');
    expect(page.text).not.toContain('localhost');

    const paid = await h.http
      .post(`${payUrl.pathname}/confirm`)
      .set('origin', h.url)
      .set('cookie', jar.header())
      .type('form')
      .send('');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.location, payUrl);
    expect(back.href).toBe(`${h.url}/order/pay-result?orderId=${orderId}`);

    // the result page's question, asked on that origin with the same cookie: the session is intact
    const result = await h.gql<any>(
      'query($id: ID!) { viewer { account } paymentResult(orderId: $id) { paymentStatus } }',
      { id: orderId },
      { jar },
    );
    expect(result.data.viewer.account).toBe('origin01');
    expect(result.data.paymentResult.paymentStatus).toBe('PAID');

    // the used link leads back to the result on this origin
    const reopened = await h.http.get(payUrl.pathname).set('accept', 'text/html');
    expect(reopened.status).toBe(303);
    expect(new URL(reopened.headers.location, payUrl).origin).toBe(h.url);
  });
});
