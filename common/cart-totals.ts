/**
 * The cart's derived figures, computed by the service for every cart answer and by the web app
 * for its optimistic answer: both read this one function, so the figure shown for the moment
 * before the service answers is the one the service then sends.
 *
 * Only lines that can be ordered count: a line off the shelf or out of stock adds nothing to the
 * selected total and does not keep "select all" unticked (it cannot be checked out anyway). An
 * empty cart, or one whose lines are all unavailable, is not "all selected".
 */

/** What the totals read of one line; money in integer fen. */
export interface TotalsLine {
  quantity: number;
  selected: boolean;
  available: boolean;
  unitPriceFen: number;
}

export interface CartTotals {
  /** Units over all lines. */
  totalQuantity: number;
  /** Units over the selected, available lines. */
  selectedQuantity: number;
  /** Fen over the selected, available lines. */
  selectedTotal: number;
  /** Every available line is selected (and there is at least one). */
  allSelected: boolean;
}

/** A line's subtotal in fen: unit price × quantity. */
export function lineSubtotal(unitPriceFen: number, quantity: number): number {
  return unitPriceFen * quantity;
}

export function cartTotals(lines: readonly TotalsLine[]): CartTotals {
  const available = lines.filter((line) => line.available);
  const chosen = available.filter((line) => line.selected);
  return {
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    selectedQuantity: chosen.reduce((sum, line) => sum + line.quantity, 0),
    selectedTotal: chosen.reduce((sum, line) => sum + lineSubtotal(line.unitPriceFen, line.quantity), 0),
    allSelected: available.length > 0 && available.every((line) => line.selected),
  };
}
