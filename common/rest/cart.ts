import type { RestProduct } from './catalogue.ts';
import type { MoneyFen } from './page.ts';

/** The shopper's single cart: every cart route answers the whole cart. */

export type RestUnavailableReason = 'offShelf' | 'outOfStock' | 'insufficientStock';

export interface RestCartLine {
  id: number;
  productId: number;
  quantity: number;
  selected: boolean;
  unitPrice: MoneyFen;
  /** The unit price when the shopper added the product, when it differs from unitPrice now; else null. */
  priceChangedFrom: MoneyFen | null;
  subtotal: MoneyFen;
  available: boolean;
  unavailableReason: RestUnavailableReason | null;
  unavailableText: string | null;
  stock: number;
  /** The line's product as the catalogue answers it in the caller's language; null if it is gone. */
  product: RestProduct | null;
}

/** GET /shop/cart and every cart mutation; the totals are common/cart-totals.ts's. */
export interface RestCart {
  lines: RestCartLine[];
  totalQuantity: number;
  selectedQuantity: number;
  selectedTotal: MoneyFen;
  allSelected: boolean;
}
