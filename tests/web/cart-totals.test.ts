/**
 * The cart's figures (common/cart-totals.ts), which the service sends with every cart and the web
 * app shows in its optimistic answer: only lines that can be ordered count towards the selected
 * total and "select all"; an empty cart, or one whose lines are all unavailable, is not all
 * selected.
 */
import { type CartTotals, cartTotals } from '@shop/common/cart-totals.ts';
import { describe, expect, it } from 'vitest';
import { type CartState, withTotals } from '../../web/src/features/cart/cart-math.ts';
import { cartLine } from './shop-fixtures.ts';

interface Line {
  quantity: number;
  unitPriceFen: number;
  selected: boolean;
  available: boolean;
}

const line = (quantity: number, unitPriceFen: number, selected: boolean, available = true): Line => ({
  quantity,
  unitPriceFen,
  selected,
  available,
});

const cases: Array<[string, Line[], CartTotals]> = [
  ['empty', [], { totalQuantity: 0, selectedQuantity: 0, selectedTotal: 0, allSelected: false }],
  [
    'every line selected',
    [line(2, 1000, true), line(1, 250_000, true)],
    { totalQuantity: 3, selectedQuantity: 3, selectedTotal: 252_000, allSelected: true },
  ],
  [
    'one line unselected',
    [line(3, 990, true), line(1, 15, false)],
    { totalQuantity: 4, selectedQuantity: 3, selectedTotal: 2970, allSelected: false },
  ],
  [
    'the available lines selected, an unavailable one not',
    [line(2, 1000, true), line(1, 500, false, false)],
    { totalQuantity: 3, selectedQuantity: 2, selectedTotal: 2000, allSelected: true },
  ],
  [
    'an unavailable line selected adds nothing',
    [line(2, 1000, true), line(4, 700, true, false)],
    { totalQuantity: 6, selectedQuantity: 2, selectedTotal: 2000, allSelected: true },
  ],
  [
    'every line unavailable',
    [line(1, 100, true, false), line(1, 200, false, false)],
    { totalQuantity: 2, selectedQuantity: 0, selectedTotal: 0, allSelected: false },
  ],
];

describe('cart totals', () => {
  it.each(cases)('%s', (_name, lines, totals) => {
    expect(cartTotals(lines)).toEqual(totals);
  });
});

describe('the optimistic cart', () => {
  /** A cached cart whose figures are stale, so only the recomputation can make them right. */
  const stale: CartState = {
    __typename: 'Cart',
    id: 'cart',
    totalQuantity: -1,
    allSelected: false,
    selectedTotal: { __typename: 'Money', fen: -1, currency: 'CNY' },
    lines: [],
  };

  it('recomputes every figure from its lines, subtotals included', () => {
    const next = withTotals(stale, [
      cartLine(1, 11, 3, 990, { subtotal: { __typename: 'Money', fen: -1, currency: 'CNY' } }),
      cartLine(2, 12, 1, 15, { selected: false }),
      cartLine(3, 13, 4, 700, { available: false }),
    ]);
    expect({
      totalQuantity: next.totalQuantity,
      selectedTotal: next.selectedTotal.fen,
      allSelected: next.allSelected,
      subtotals: next.lines.map((entry) => entry.subtotal.fen),
    }).toEqual({ totalQuantity: 8, selectedTotal: 2970, allSelected: false, subtotals: [2970, 15, 2800] });
  });
});
