import type { RestCart, RestCategory, RestConfig, RestResources, RestUser } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import DataLoader from 'dataloader';
import type { ShopClient } from './shop-client/index.ts';

/** The service answers at most this many ids per GET /shop/product/batch. */
export const PRODUCT_BATCH_SIZE = 100;
/** The service answers at most this many orders per GET /shop/order/after-sales. */
export const AFTER_SALES_BATCH_SIZE = 100;

/**
 * What every request may share because it depends on no shopper and no language: the shop's
 * currency, which every price names. It is kept as long as a public answer may be
 * (GATEWAY_PUBLIC_MAX_AGE), so a price costs no config call of its own; a failed load is not kept.
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

/**
 * How each loader is made, over the request's shop client. Each GraphQL request gets fresh ones
 * so nothing leaks between users.
 */
const makers = {
  /** Products by id, batched through GET /shop/product/batch (null where missing). */
  productById: (shop: ShopClient) =>
    byIds('productById', PRODUCT_BATCH_SIZE, (ids) => shop.call(routes.catalogue.batch, { query: { ids } })),
  /**
   * After-sales steps by order id, batched through GET /shop/order/after-sales (null where the
   * order is not the shopper's): an order list costs one call whatever its length.
   */
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
  /**
   * The caller's menus and buttons (GET /account/resource), once per request. A page's render asks
   * for both through two operations sharing one context: one call serves them.
   */
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

/**
 * The request's loaders, each made on first use: an answer from the response cache, or an
 * operation that never reads one, makes none.
 */
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
