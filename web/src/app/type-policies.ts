import { InMemoryCache, type TypePolicies } from '@apollo/client';

/**
 * How the normalized cache identifies and merges the shop's objects.
 *
 * - Entities merge by id: `Product:1`, `CartLine:7`, `Order:12`, `Address:3`, `Viewer:5`.
 * - The cart and the session are singletons (`Cart:{}`, `Session:{}`): whichever query or
 *   mutation payload returns them updates the one object every screen reads.
 * - Paged list fields are stored per filter, sort and page (their arguments), so going back to
 *   page 2 or to a previous sort is served from the cache.
 * - `Query.product(id)` and `Query.order(id)` first look for the normalized object, so a product
 *   (or order) page seen before reopens without a network request.
 * - `Money` and `Resources` have no id; they are merged into their parent so partial selections
 *   (the menus query, the buttons query) never lose each other's fields.
 */
const PAGE_KEY = ['pageNum', 'pageSize'];

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      product: {
        keyArgs: ['id'],
        read(existing, { args, toReference }) {
          return (
            existing ??
            (args?.id != null ? toReference({ __typename: 'Product', id: String(args.id) }) : undefined)
          );
        },
      },
      order: {
        keyArgs: ['id'],
        read(existing, { args, toReference }) {
          return (
            existing ??
            (args?.id != null ? toReference({ __typename: 'Order', id: String(args.id) }) : undefined)
          );
        },
      },
      cart: {
        read(existing, { toReference }) {
          return existing ?? toReference({ __typename: 'Cart' });
        },
      },
      products: { keyArgs: ['filter', ['categoryId', 'cardName', 'keyword', 'sort'], 'page', PAGE_KEY] },
      searchProducts: { keyArgs: ['keyword', 'sort', 'page', PAGE_KEY] },
      hotProducts: { keyArgs: ['page', PAGE_KEY] },
      newProducts: { keyArgs: ['page', PAGE_KEY] },
      orders: { keyArgs: ['status', 'filter', 'page', PAGE_KEY] },
      adminOrders: { keyArgs: ['status', 'orderNo', 'page', PAGE_KEY] },
      adminRefunds: { keyArgs: ['reviewStatus', 'page', PAGE_KEY] },
      adminOrder: { keyArgs: ['id'] },
      addresses: { merge: false },
    },
  },
  // Entities keep the default identity `<__typename>:<id>` (Product:1, CartLine:7, Order:12, …).
  Cart: {
    keyFields: [],
    fields: {
      // The service answers with the whole cart after every change: its lines replace ours.
      lines: { merge: false },
    },
  },
  Session: { keyFields: [] },
  // The menus query and the buttons query both read `resources` (no id): merge, never replace.
  Resources: { merge: true },
  // Screens ask different parts of the one shop config (the time zone, payment methods, …).
  ShopConfig: { merge: true },
  Money: { merge: true },
  ProductPage: { fields: { records: { merge: false } } },
};

/** The storefront's cache (the app's client and the component tests share it). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}
