import DataLoader from 'dataloader';
import type { RestConfig, RestProduct, RestUser } from './mappers.ts';
import type { RequestUpstream } from './upstream/types.ts';

/** The service answers at most this many ids per GET /shop/product/batch. */
export const PRODUCT_BATCH_SIZE = 100;

/** Per-request DataLoaders; each GraphQL request gets fresh ones so nothing leaks between users. */
export interface Loaders {
  /** Products by id, batched through GET /shop/product/batch (null where missing). */
  productById: DataLoader<string, RestProduct | null>;
  /** The signed-in shopper (GET /shop/shop-user/detail), once per request; key 'me'. */
  viewer: DataLoader<'me', RestUser>;
  /** The public shop config, once per request; key 'config'. */
  config: DataLoader<'config', RestConfig>;
}

export function createLoaders(upstream: RequestUpstream): Loaders {
  return {
    productById: new DataLoader(
      async (ids) => {
        const products = await upstream.call<Array<RestProduct | null>>({
          method: 'GET',
          path: '/shop/product/batch',
          query: { ids: ids.join(',') },
          auth: false,
        });
        return ids.map((_, index) => products[index] ?? null);
      },
      { maxBatchSize: PRODUCT_BATCH_SIZE },
    ),
    viewer: new DataLoader(async (keys) => {
      const user = await upstream.call<RestUser>({
        method: 'GET',
        path: '/shop/shop-user/detail',
        auth: true,
      });
      return keys.map(() => user);
    }),
    config: new DataLoader(async (keys) => {
      const config = await upstream.call<RestConfig>({
        method: 'GET',
        path: '/shop/system/config',
        auth: false,
      });
      return keys.map(() => config);
    }),
  };
}
