import type {
  RestAfterSalesStep,
  RestLineSource,
  RestOrder,
  RestOrderPreview,
  RestOrderStatus,
  RestPage,
  RestPageQuery,
  RestPlaceOrder,
} from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** The order transitions a shopper may ask for (POST /shop/order/:id/<action>). */
export type OrderAction = 'cancel' | 'receive' | 'refund';

/** The shopper's orders; every transition answers the order as it is afterwards. */
export interface OrdersClient {
  page(status: RestOrderStatus | undefined, page: RestPageQuery): Promise<RestPage<RestOrder>>;
  detail(id: string | number): Promise<RestOrder>;
  preview(source: RestLineSource): Promise<RestOrderPreview>;
  place(order: RestPlaceOrder): Promise<RestOrder>;
  cancel(id: string): Promise<RestOrder>;
  receive(id: string): Promise<RestOrder>;
  refund(id: string, reason: string): Promise<RestOrder>;
  afterSales(id: string | number): Promise<RestAfterSalesStep[]>;
  /** One answer per id, in order; null where the order is not the shopper's. */
  afterSalesBatch(ids: readonly string[]): Promise<Array<RestAfterSalesStep[] | null>>;
}

export class RestOrdersClient implements OrdersClient {
  constructor(private readonly upstream: Caller) {}

  page(status: RestOrderStatus | undefined, page: RestPageQuery) {
    return this.upstream.call<RestPage<RestOrder>>({
      method: 'GET',
      path: '/shop/order/page',
      query: { status, ...page },
      auth: true,
    });
  }

  detail(id: string | number) {
    return this.upstream.call<RestOrder>({ method: 'GET', path: `/shop/order/${segment(id)}`, auth: true });
  }

  preview(source: RestLineSource) {
    return this.upstream.call<RestOrderPreview>({
      method: 'POST',
      path: '/shop/order/preview',
      body: source,
      auth: true,
    });
  }

  place(order: RestPlaceOrder) {
    return this.upstream.call<RestOrder>({ method: 'POST', path: '/shop/order', body: order, auth: true });
  }

  private transition(id: string, action: OrderAction, body?: unknown) {
    return this.upstream.call<RestOrder>({
      method: 'POST',
      path: `/shop/order/${segment(id)}/${action}`,
      body,
      auth: true,
    });
  }

  cancel(id: string) {
    return this.transition(id, 'cancel');
  }

  receive(id: string) {
    return this.transition(id, 'receive');
  }

  refund(id: string, reason: string) {
    return this.transition(id, 'refund', { reason });
  }

  afterSales(id: string | number) {
    return this.upstream.call<RestAfterSalesStep[]>({
      method: 'GET',
      path: `/shop/order/${segment(id)}/after-sales`,
      auth: true,
    });
  }

  afterSalesBatch(ids: readonly string[]) {
    return this.upstream.call<Array<RestAfterSalesStep[] | null>>({
      method: 'GET',
      path: '/shop/order/after-sales',
      query: { ids: ids.join(',') },
      auth: true,
    });
  }
}
