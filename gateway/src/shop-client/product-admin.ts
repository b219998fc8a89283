import type {
  RestAdminProduct,
  RestPage,
  RestPageQuery,
  RestProductChange,
  RestProductShelf,
} from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** The back office's list filter (GET /admin/product/page). */
export interface AdminProductQuery {
  keyword?: string;
  categoryId?: string | number;
  shelf?: RestProductShelf;
}

/** A product's fields as the editor sends them: prices in yuan text, the service converts. */
export interface AdminProductFields {
  nameZh?: string;
  nameEn?: string;
  descriptionZh?: string;
  descriptionEn?: string;
  categoryId?: string | number;
  price?: string;
  originalPrice?: string | null;
  stock?: number;
  isHot?: boolean;
  isNew?: boolean;
  onShelf?: boolean;
}

/** Back-office products (the service answers 403 without `product:view` / `product:edit`). */
export interface ProductAdminClient {
  page(filter: AdminProductQuery, page: RestPageQuery): Promise<RestPage<RestAdminProduct>>;
  product(id: string): Promise<RestAdminProduct>;
  history(id: string): Promise<RestProductChange[]>;
  create(fields: AdminProductFields): Promise<RestAdminProduct>;
  update(id: string, version: number, fields: AdminProductFields): Promise<RestAdminProduct>;
  withdraw(id: string, version: number): Promise<RestAdminProduct>;
  restore(id: string, version: number): Promise<RestAdminProduct>;
}

export class RestProductAdminClient implements ProductAdminClient {
  constructor(private readonly upstream: Caller) {}

  page(filter: AdminProductQuery, page: RestPageQuery) {
    return this.upstream.call<RestPage<RestAdminProduct>>({
      method: 'GET',
      path: '/admin/product/page',
      query: { ...filter, ...page },
      auth: true,
    });
  }

  product(id: string) {
    return this.upstream.call<RestAdminProduct>({
      method: 'GET',
      path: `/admin/product/${segment(id)}`,
      auth: true,
    });
  }

  history(id: string) {
    return this.upstream.call<RestProductChange[]>({
      method: 'GET',
      path: `/admin/product/${segment(id)}/history`,
      auth: true,
    });
  }

  create(fields: AdminProductFields) {
    return this.upstream.call<RestAdminProduct>({
      method: 'POST',
      path: '/admin/product',
      body: fields,
      auth: true,
    });
  }

  update(id: string, version: number, fields: AdminProductFields) {
    return this.upstream.call<RestAdminProduct>({
      method: 'PUT',
      path: `/admin/product/${segment(id)}`,
      body: { version, ...fields },
      auth: true,
    });
  }

  withdraw(id: string, version: number) {
    return this.upstream.call<RestAdminProduct>({
      method: 'POST',
      path: `/admin/product/${segment(id)}/withdraw`,
      body: { version },
      auth: true,
    });
  }

  restore(id: string, version: number) {
    return this.upstream.call<RestAdminProduct>({
      method: 'POST',
      path: `/admin/product/${segment(id)}/restore`,
      body: { version },
      auth: true,
    });
  }
}
