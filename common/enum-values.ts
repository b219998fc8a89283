import { orderStatuses, paymentStatuses, reviewStatuses, statusCodes } from './statuses.ts';

/**
 * The REST value behind each GraphQL enum value. One table for every use: codegen's
 * `enumValues` (so resolver types carry REST values), the gateway's runtime enum resolvers (so
 * resolvers pass REST values through and arguments arrive already translated), and the web app's
 * URL values of the product sort (`?sort=priceAsc`).
 */
export const restEnumValues = {
  Gender: { MALE: 'male', FEMALE: 'female' },
  MenuType: { MAIN: 1, SUB: 2, BUTTON: 3 },
  ProductSort: {
    DEFAULT: 'default',
    PRICE_ASC: 'priceAsc',
    PRICE_DESC: 'priceDesc',
    SALES: 'sales',
    NEWEST: 'newest',
    RELEVANCE: 'relevance',
  },
  MatchLanguage: { SHOPPER: 'shopper', OTHER: 'other' },
  SearchSuggestionKind: { CATEGORY: 'category', PRODUCT: 'product' },
  OrderStatus: statusCodes(orderStatuses),
  PaymentStatus: statusCodes(paymentStatuses),
  ReviewStatus: statusCodes(reviewStatuses),
  PaymentMethod: { LPAY: 'lpay', STRIPE: 'stripe', WKPAY: 'wkpay' },
  MoneyDirection: { EXPENSE: 0, INCOME: 1 },
  CartLineUnavailableReason: {
    OFF_SHELF: 'offShelf',
    OUT_OF_STOCK: 'outOfStock',
    INSUFFICIENT_STOCK: 'insufficientStock',
  },
  ProductShelf: { ON: 'on', OFF: 'off', WITHDRAWN: 'withdrawn' },
  ProductChangeKind: {
    CREATED: 'created',
    UPDATED: 'updated',
    WITHDRAWN: 'withdrawn',
    RESTORED: 'restored',
    PHOTOS: 'photos',
    STOCK: 'stock',
    IMPORTED: 'imported',
  },
  StockChangeReason: {
    RESTOCK: 'restock',
    CORRECTION: 'correction',
    DAMAGE: 'damage',
    SALE: 'sale',
    CANCEL: 'cancel',
    REFUND: 'refund',
  },
  StockAdjustmentReason: { RESTOCK: 'restock', CORRECTION: 'correction', DAMAGE: 'damage' },
} as const;
