import type { RestCart } from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** The shopper's single cart: every route answers the whole cart. */
export interface CartClient {
  get(): Promise<RestCart>;
  add(productId: number | string, quantity: number): Promise<RestCart>;
  update(lineId: string, change: { quantity?: number; selected?: boolean }): Promise<RestCart>;
  remove(lineId: string): Promise<RestCart>;
  selectAll(selected: boolean): Promise<RestCart>;
}

export class RestCartClient implements CartClient {
  constructor(private readonly upstream: Caller) {}

  private send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
    return this.upstream.call<RestCart>({ method, path, body, auth: true });
  }

  get() {
    return this.send('GET', '/shop/cart');
  }

  add(productId: number | string, quantity: number) {
    return this.send('POST', '/shop/cart/lines', { productId, quantity });
  }

  update(lineId: string, change: { quantity?: number; selected?: boolean }) {
    return this.send('PUT', `/shop/cart/lines/${segment(lineId)}`, change);
  }

  remove(lineId: string) {
    return this.send('DELETE', `/shop/cart/lines/${segment(lineId)}`);
  }

  selectAll(selected: boolean) {
    return this.send('PUT', '/shop/cart/select-all', { selected });
  }
}
