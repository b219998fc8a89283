import type {
  RestCategory,
  RestPage,
  RestPageQuery,
  RestProduct,
  RestProductPage,
  RestProductSort,
  RestSearchFacets,
  RestSearchSuggestion,
} from '@shop/common/rest/index.ts';
import type { SearchFilterQuery } from '../mappers.ts';
import { type Caller, segment } from './caller.ts';

/** The filters of GET /shop/product/page. */
export interface ProductFilter extends SearchFilterQuery {
  keyword?: string;
  sort: RestProductSort;
}

/** Categories and products (public: no session token is sent). */
export interface CatalogueClient {
  categories(): Promise<RestCategory[]>;
  products(filter: ProductFilter, page: RestPageQuery): Promise<RestProductPage>;
  hot(page: RestPageQuery): Promise<RestPage<RestProduct>>;
  newest(page: RestPageQuery): Promise<RestPage<RestProduct>>;
  product(id: string | number): Promise<RestProduct>;
  /** One answer per id, in order; null where the product does not exist. */
  batch(ids: readonly string[]): Promise<Array<RestProduct | null>>;
  /** Category and price-band counts over what a search finds. */
  facets(keyword: string, filter: SearchFilterQuery): Promise<RestSearchFacets>;
  /** At most 8 categories and product names for what is being typed. */
  suggestions(keyword: string): Promise<RestSearchSuggestion[]>;
}

export class RestCatalogueClient implements CatalogueClient {
  constructor(private readonly upstream: Caller) {}

  categories() {
    return this.upstream.call<RestCategory[]>({ method: 'GET', path: '/shop/category/list', auth: false });
  }

  products(filter: ProductFilter, page: RestPageQuery) {
    return this.upstream.call<RestProductPage>({
      method: 'GET',
      path: '/shop/product/page',
      query: { ...filter, ...page },
      auth: false,
    });
  }

  hot(page: RestPageQuery) {
    return this.upstream.call<RestPage<RestProduct>>({
      method: 'GET',
      path: '/shop/product/hot',
      query: { ...page },
      auth: false,
    });
  }

  newest(page: RestPageQuery) {
    return this.upstream.call<RestPage<RestProduct>>({
      method: 'GET',
      path: '/shop/product/new',
      query: { ...page },
      auth: false,
    });
  }

  product(id: string | number) {
    return this.upstream.call<RestProduct>({
      method: 'GET',
      path: `/shop/product/${segment(id)}`,
      auth: false,
    });
  }

  batch(ids: readonly string[]) {
    return this.upstream.call<Array<RestProduct | null>>({
      method: 'GET',
      path: '/shop/product/batch',
      query: { ids: ids.join(',') },
      auth: false,
    });
  }

  facets(keyword: string, filter: SearchFilterQuery) {
    return this.upstream.call<RestSearchFacets>({
      method: 'GET',
      path: '/shop/product/facets',
      query: { ...filter, keyword },
      auth: false,
    });
  }

  suggestions(keyword: string) {
    return this.upstream.call<RestSearchSuggestion[]>({
      method: 'GET',
      path: '/shop/search/suggestions',
      query: { keyword },
      auth: false,
    });
  }
}
