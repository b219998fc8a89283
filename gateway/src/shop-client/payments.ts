import type { RestPaymentMethod, RestPaymentResult, RestPayStart } from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** Starting a payment (the pay link) and the result page. */
export interface PaymentsClient {
  start(orderId: string, options: { method?: RestPaymentMethod; returnUrl?: string }): Promise<RestPayStart>;
  result(orderId: string): Promise<RestPaymentResult>;
}

export class RestPaymentsClient implements PaymentsClient {
  constructor(private readonly upstream: Caller) {}

  start(orderId: string, options: { method?: RestPaymentMethod; returnUrl?: string }) {
    return this.upstream.call<RestPayStart>({
      method: 'POST',
      path: `/shop/pay/${segment(orderId)}`,
      body: options,
      auth: true,
    });
  }

  result(orderId: string) {
    return this.upstream.call<RestPaymentResult>({
      method: 'GET',
      path: `/shop/pay/result/${segment(orderId)}`,
      auth: true,
    });
  }
}
