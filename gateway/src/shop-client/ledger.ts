import type { RestBillEntry, RestDirection, RestPage, RestPageQuery } from '@shop/common/rest/index.ts';
import type { Caller } from './caller.ts';

/** The shopper's ledger (bills). */
export interface LedgerClient {
  bills(direction: RestDirection | undefined, page: RestPageQuery): Promise<RestPage<RestBillEntry>>;
}

export class RestLedgerClient implements LedgerClient {
  constructor(private readonly upstream: Caller) {}

  bills(direction: RestDirection | undefined, page: RestPageQuery) {
    return this.upstream.call<RestPage<RestBillEntry>>({
      method: 'GET',
      path: '/shop/account/bill/page',
      query: { direction, ...page },
      auth: true,
    });
  }
}
