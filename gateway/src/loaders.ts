import type { RestCart, RestCategory, RestConfig, RestResources, RestUser } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import DataLoader from 'dataloader';
import type { ShopClient } from './shop-client/index.ts';

/** The service answers at most this many ids per GET /shop/product/batch. */
export const PRODUCT_BATCH_SIZE = 100;
/** The service answers at most this many orders per GET /shop/order/after-sales. */
export const AFTER_SALES_BATCH_SIZE = 100;

/**
 * Shared by every request, as it depends on no shopper or language: the shop's currency, kept as long as a
 * public answer (GATEWAY_PUBLIC_MAX_AGE) so a price costs no config call; a failed load is not kept.
 */
export class SharedFacts {
  #currency?: { until: number; value: Promise<string> };

  constructor(private readonly maxAgeMs: number) {}

  currency(load: () => Promise<string>): Promise<string> {
    const now = Date.now();
    if (this.#currency && now < this.#currency.until) return this.#currency.value;
    const kept = { until: now + this.maxAgeMs, value: load() };
    this.#currency = kept;
    kept.value.catch(() => {
      if (this.#currency === kept) this.#currency = undefined;
    });
    return kept.value;
  }
}

/** A loader batched through a GET that takes `?ids=a,b` and answers in their order (null where missing). */
function byIds<T>(name: string, maxBatchSize: number, load: (ids: string) => Promise<(T | null)[]>) {
  return new DataLoader<string, T | null>(
    async (ids) => {
      const found = await load(ids.join(','));
      return ids.map((_, index) => found[index] ?? null);
    },
    { maxBatchSize, name },
  );
}

/** A loader for one GET answer shared by every resolver of the request. */
function once<K, T>(name: string, load: () => Promise<T>): DataLoader<K, T> {
  return new DataLoader<K, T>(
    async (keys) => {
      const value = await load();
      return keys.map(() => value);
    },
    { name },
  );
}

/** Each loader's maker, over the request's shop client: fresh per request, so nothing leaks between users. */
const makers = {
  /** Products by id, batched through GET /shop/product/batch (null where missing). */
  productById: (shop: ShopClient) =>
    byIds('productById', PRODUCT_BATCH_SIZE, (ids) => shop.call(routes.catalogue.batch, { query: { ids } })),
  /** After-sales steps by order id (null where not the shopper's): one call for a whole order list. */
  afterSalesByOrderId: (shop: ShopClient) =>
    byIds('afterSalesByOrderId', AFTER_SALES_BATCH_SIZE, (ids) =>
      shop.call(routes.orders.afterSalesBatch, { query: { ids } }),
    ),
  /** The signed-in shopper (GET /shop/shop-user/detail, with the cart's count), once per request. */
  viewer: (shop: ShopClient) => once<'me', RestUser>('viewer', () => shop.call(routes.accounts.detail)),
  /** The shopper's whole cart (GET /shop/cart), once per request. */
  cart: (shop: ShopClient) => once<'me', RestCart>('cart', () => shop.call(routes.cart.get)),
  /** The public shop config, once per request. */
  config: (shop: ShopClient) =>
    once<'config', RestConfig>('config', () => shop.call(routes.reference.config)),
  /** The category tree, once per request. */
  categories: (shop: ShopClient) =>
    once<'tree', RestCategory[]>('categories', () => shop.call(routes.catalogue.categories)),
  /** The caller's menus and buttons, once per context: one call serves both operations of a page's render. */
  resources: (shop: ShopClient) =>
    once<'me', RestResources>('resources', () => shop.call(routes.accounts.resources)),
  /** The shop's currency, shared between requests (SharedFacts). */
  currency: (_: ShopClient, shared: SharedFacts, loaders: { config: DataLoader<'config', RestConfig> }) =>
    once<'currency', string>('currency', () =>
      shared.currency(async () => (await loaders.config.load('config')).currency),
    ),
};

/** The request's DataLoaders, as `makers` makes them. */
export type Loaders = { [K in keyof typeof makers]: ReturnType<(typeof makers)[K]> };

/** Each loader is made on first use: a response-cache hit, or an operation reading none, makes none. */
export function createLoaders(shop: ShopClient, shared: SharedFacts): Loaders {
  const made: Partial<Record<keyof Loaders, unknown>> = {};
  const loaders: Loaders = new Proxy({} as Loaders, {
    // Anything else asked of it (`then`, inspection) is not a loader.
    get(_, name: keyof Loaders) {
      if (!Object.hasOwn(makers, name)) return undefined;
      made[name] ??= makers[name](shop, shared, loaders);
      return made[name];
    },
  });
  return loaders;
}
