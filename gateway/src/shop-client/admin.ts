import type {
  RestAdminOrderDetail,
  RestOrder,
  RestOrderStatus,
  RestPage,
  RestPageQuery,
  RestRefund,
  RestReviewStatus,
} from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** The back office (the service answers 403 for non-admins). */
export interface AdminClient {
  orders(
    filter: { status?: RestOrderStatus; orderNo?: string },
    page: RestPageQuery,
  ): Promise<RestPage<RestOrder>>;
  order(id: string): Promise<RestAdminOrderDetail>;
  refunds(reviewStatus: RestReviewStatus | undefined, page: RestPageQuery): Promise<RestPage<RestRefund>>;
  ship(orderId: string): Promise<RestOrder>;
  reviewRefund(refundId: string, approve: boolean, remark: string): Promise<RestRefund>;
}

export class RestAdminClient implements AdminClient {
  constructor(private readonly upstream: Caller) {}

  orders(filter: { status?: RestOrderStatus; orderNo?: string }, page: RestPageQuery) {
    return this.upstream.call<RestPage<RestOrder>>({
      method: 'GET',
      path: '/admin/order/page',
      query: { ...filter, ...page },
      auth: true,
    });
  }

  order(id: string) {
    return this.upstream.call<RestAdminOrderDetail>({
      method: 'GET',
      path: `/admin/order/${segment(id)}`,
      auth: true,
    });
  }

  refunds(reviewStatus: RestReviewStatus | undefined, page: RestPageQuery) {
    return this.upstream.call<RestPage<RestRefund>>({
      method: 'GET',
      path: '/admin/refund/page',
      query: { reviewStatus, ...page },
      auth: true,
    });
  }

  ship(orderId: string) {
    return this.upstream.call<RestOrder>({
      method: 'POST',
      path: `/admin/order/${segment(orderId)}/ship`,
      auth: true,
    });
  }

  reviewRefund(refundId: string, approve: boolean, remark: string) {
    return this.upstream.call<RestRefund>({
      method: 'POST',
      path: `/admin/refund/${segment(refundId)}/review`,
      body: { approve, remark },
      auth: true,
    });
  }
}
