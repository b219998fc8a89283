import type { MoneyFen } from './page.ts';

/** The shopper's single cart: every cart route answers the whole cart. */

export type RestUnavailableReason = 'offShelf' | 'outOfStock' | 'insufficientStock';

export interface RestCartLine {
  id: number;
  productId: number;
  quantity: number;
  selected: boolean;
  unitPrice: MoneyFen;
  subtotal: MoneyFen;
  available: boolean;
  unavailableReason: RestUnavailableReason | null;
  unavailableText: string | null;
  stock: number;
}

/** GET /shop/cart and every cart mutation */
export interface RestCart {
  lines: RestCartLine[];
  totalQuantity: number;
  selectedQuantity: number;
  selectedTotal: MoneyFen;
  allSelected: boolean;
}
