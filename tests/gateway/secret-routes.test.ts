/**
 * Secret addresses in telemetry (common/telemetry/secret-routes.ts): a payment link's token is
 * written as the route template wherever the address stands in a text, and nothing else changes.
 */
import { redactSecretPaths, SECRET_ROUTES } from '@shop/common/telemetry/secret-routes.ts';
import { describe, expect, it } from 'vitest';

const TOKEN = 'q7Zc9-Lm_3xXvR2pQ8sT1uV4wY6zA0bC5dE7fG9hJ2k';

describe('secret addresses', () => {
  it.each([
    [`/service/pay/lpay/checkout/${TOKEN}`, '/service/pay/lpay/checkout/:token'],
    [`/pay/lpay/checkout/${TOKEN}/confirm`, '/pay/lpay/checkout/:token/confirm'],
    [
      `http://127.0.0.1:3000/service/pay/lpay/checkout/${TOKEN}/cancel?return=shopapp%3A%2F%2Fx`,
      'http://127.0.0.1:3000/service/pay/lpay/checkout/:token/cancel?return=shopapp%3A%2F%2Fx',
    ],
    [`GET /service/pay/lpay/checkout/${TOKEN}#top`, 'GET /service/pay/lpay/checkout/:token#top'],
    [`{"path":"/service/pay/lpay/checkout/${TOKEN}"}`, '{"path":"/service/pay/lpay/checkout/:token"}'],
  ])('%s is told as %s', (text, told) => {
    expect(redactSecretPaths(text)).toBe(told);
  });

  it('leaves other addresses, and the templates themselves, as they are', () => {
    for (const text of ['/service/shop/product/page?keyword=x', '/service/pay/lpay/checkout/', '/home'])
      expect(redactSecretPaths(text)).toBe(text);
    for (const template of SECRET_ROUTES) expect(redactSecretPaths(template)).toBe(template);
  });
});
