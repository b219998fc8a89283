import type { Unmasked } from '@apollo/client/masking';
import { cartTotals, lineSubtotal } from '@shop/common/cart-totals.ts';
import type { CartTable_CartFragment } from '../../__generated__/graphql.ts';

/** The whole cart as the cache holds it (optimistic answers are written there, unmasked). */
export type CartState = Unmasked<CartTable_CartFragment>;
export type CartLineState = CartState['lines'][number];

const money = (fen: number, currency: string) => ({ __typename: 'Money' as const, fen, currency });

/**
 * Recomputes the cart's derived values (subtotals, selected total, units, select-all) after a
 * local change with the service's own function (common/cart-totals.ts): used for optimistic
 * responses only — the service's answer replaces it moments later, with the same figures.
 */
export function withTotals(cart: CartState, lines: CartLineState[]): CartState {
  const next = lines.map((line) => ({
    ...line,
    subtotal: money(lineSubtotal(line.unitPrice.fen, line.quantity), line.unitPrice.currency),
  }));
  const totals = cartTotals(next.map((line) => ({ ...line, unitPriceFen: line.unitPrice.fen })));
  return {
    ...cart,
    lines: next,
    totalQuantity: totals.totalQuantity,
    selectedTotal: money(totals.selectedTotal, cart.selectedTotal.currency),
    allSelected: totals.allSelected,
  };
}

export function updateLine(
  cart: CartState,
  lineId: string,
  change: { quantity?: number | null; selected?: boolean | null },
) {
  return withTotals(
    cart,
    cart.lines.map((line) =>
      line.id === lineId
        ? { ...line, quantity: change.quantity ?? line.quantity, selected: change.selected ?? line.selected }
        : line,
    ),
  );
}

export function removeLine(cart: CartState, lineId: string) {
  return withTotals(
    cart,
    cart.lines.filter((line) => line.id !== lineId),
  );
}

export function selectAll(cart: CartState, selected: boolean) {
  return withTotals(
    cart,
    cart.lines.map((line) => ({ ...line, selected })),
  );
}

/** Adds units to the product's line when it is already in the cart (otherwise null: no guess). */
export function addToLine(cart: CartState, productId: string, quantity: number): CartState | null {
  const line = cart.lines.find((candidate) => candidate.productId === productId);
  if (!line) return null;
  const stock = line.product?.stock ?? Number.MAX_SAFE_INTEGER;
  return updateLine(cart, line.id, { quantity: Math.min(stock, line.quantity + quantity) });
}
