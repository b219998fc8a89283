import type { RestAddress, RestAddressInput } from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** Delivery addresses; delete and set-default answer the list (the default may move). */
export interface AddressesClient {
  list(): Promise<RestAddress[]>;
  create(input: RestAddressInput): Promise<RestAddress>;
  update(id: string, input: RestAddressInput): Promise<RestAddress>;
  remove(id: string): Promise<RestAddress[]>;
  setDefault(id: string): Promise<RestAddress[]>;
}

export class RestAddressesClient implements AddressesClient {
  constructor(private readonly upstream: Caller) {}

  list() {
    return this.upstream.call<RestAddress[]>({ method: 'GET', path: '/shop/address/list', auth: true });
  }

  create(input: RestAddressInput) {
    return this.upstream.call<RestAddress>({
      method: 'POST',
      path: '/shop/address',
      body: input,
      auth: true,
    });
  }

  update(id: string, input: RestAddressInput) {
    return this.upstream.call<RestAddress>({
      method: 'PUT',
      path: `/shop/address/${segment(id)}`,
      body: input,
      auth: true,
    });
  }

  remove(id: string) {
    return this.upstream.call<RestAddress[]>({
      method: 'DELETE',
      path: `/shop/address/${segment(id)}`,
      auth: true,
    });
  }

  setDefault(id: string) {
    return this.upstream.call<RestAddress[]>({
      method: 'PUT',
      path: `/shop/address/${segment(id)}/default`,
      auth: true,
    });
  }
}
