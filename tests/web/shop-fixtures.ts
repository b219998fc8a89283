/** Data for the shop screens' tests, typed from the generated documents' result types. */

import { cartTotals } from '@shop/common/cart-totals.ts';
import { GraphQLError } from 'graphql';
import type {
  CartTable_CartFragment,
  GoodsListPageQuery,
  ProductCard_ProductFragment,
} from '../../web/src/__generated__/graphql.ts';
import type { ErrorCode } from '../../web/src/__generated__/schema-enums.ts';

export const money = (fen: number) => ({ __typename: 'Money' as const, fen, currency: 'CNY' });

/** A picture as the gateway answers it: its path on the shop's origin and its absolute address. */
export const picture = (path: string, altText: string | null = null) => ({
  __typename: 'Image' as const,
  src: path,
  url: `https://shop.test${path}`,
  width: 400,
  height: 400,
  altText,
});

export function product(id: number, overrides: Partial<ProductCard_ProductFragment> = {}) {
  return {
    __typename: 'Product' as const,
    id: String(id),
    name: `商品 ${id}`,
    featuredImage: picture(`/img/${id}.svg`, `商品 ${id}`),
    price: money(123450 + id),
    originalPrice: null,
    sales: 10 * id,
    stock: 5,
    onShelf: true,
    ...overrides,
  };
}

export function productPage(ids: number[], total = ids.length, pageNum = 1, pageSize = 15) {
  return {
    __typename: 'ProductPage' as const,
    total,
    pageNum,
    pageSize,
    records: ids.map((id) => product(id)),
  } satisfies GoodsListPageQuery['products'] & { __typename: 'ProductPage' };
}

export function cartLine(
  id: number,
  productId: number,
  quantity: number,
  unitPrice: number,
  extra: Record<string, unknown> = {},
) {
  return {
    __typename: 'CartLine' as const,
    id: String(id),
    productId: String(productId),
    quantity,
    selected: true,
    available: true,
    unitPrice: money(unitPrice),
    priceChangedFrom: null as ReturnType<typeof money> | null,
    subtotal: money(unitPrice * quantity),
    product: {
      __typename: 'Product' as const,
      id: String(productId),
      name: `商品 ${productId}`,
      featuredImage: {
        __typename: 'Image' as const,
        src: `/img/${productId}.svg`,
        width: 400,
        height: 400,
        altText: `商品 ${productId}`,
      },
      stock: 10,
      onShelf: true,
    },
    ...extra,
  };
}

export function cart(lines: ReturnType<typeof cartLine>[]): CartTable_CartFragment {
  const totals = cartTotals(lines.map((line) => ({ ...line, unitPriceFen: line.unitPrice.fen })));
  return {
    __typename: 'Cart',
    id: 'cart',
    totalQuantity: totals.totalQuantity,
    allSelected: totals.allSelected,
    selectedTotal: money(totals.selectedTotal),
    lines,
  };
}

/**
 * A GraphQL error as the gateway sends it: the code is typed by the schema's generated ErrorCode
 * enum, and `messageKey` is the service's key the gateway forwards (tests/gateway pins the pairs).
 */
export function gatewayError(code: ErrorCode, alterMsg: string, messageKey: string | null = null) {
  return new GraphQLError(alterMsg, { extensions: { code, alterMsg, type: 2, messageKey } });
}

/** The signed-in demo shopper as the profile and personal-centre queries give it. */
export const demoViewer = {
  __typename: 'Viewer',
  id: '2',
  account: 'demo',
  name: '演示用户',
  avatar: '',
  phone: '13800000000',
  gender: 'MALE',
  isReal: false,
  isAdmin: false,
};
