/**
 * The cart's figures as the service answers them and as the web app's optimistic answer shows
 * them, for the same lines: they must be equal, or the cart flickers between the two.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cartView } from '../../service/src/modules/cart/routes.ts';
import type { CartLineData, UnavailableReason } from '../../service/src/modules/cart/service.ts';
import { type CartState, withTotals } from '../../web/src/features/cart/cart-math.ts';
import { cartLine } from '../web/shop-fixtures.ts';

interface Case {
  quantity: number;
  unitPrice: number;
  selected: boolean;
  reason?: UnavailableReason;
}

const cases: Record<string, Case[]> = {
  empty: [],
  'every line selected': [
    { quantity: 2, unitPrice: 1000, selected: true },
    { quantity: 1, unitPrice: 250_000, selected: true },
  ],
  'one line unselected': [
    { quantity: 3, unitPrice: 990, selected: true },
    { quantity: 1, unitPrice: 15, selected: false },
  ],
  'the available lines selected, an unavailable one not': [
    { quantity: 2, unitPrice: 1000, selected: true },
    { quantity: 1, unitPrice: 500, selected: false, reason: 'offShelf' },
  ],
  'an unavailable line selected': [
    { quantity: 2, unitPrice: 1000, selected: true },
    { quantity: 4, unitPrice: 700, selected: true, reason: 'insufficientStock' },
  ],
  'every line unavailable': [
    { quantity: 1, unitPrice: 100, selected: true, reason: 'outOfStock' },
    { quantity: 1, unitPrice: 200, selected: false, reason: 'offShelf' },
  ],
};

function serviceLines(lines: Case[]): CartLineData[] {
  return lines.map((line, index) => ({
    id: index + 1,
    productId: index + 11,
    quantity: line.quantity,
    selected: line.selected,
    unitPrice: line.unitPrice,
    priceChangedFrom: null,
    subtotal: line.unitPrice * line.quantity,
    stock: 10,
    onShelf: line.reason !== 'offShelf',
    available: !line.reason,
    unavailableReason: line.reason ?? null,
    product: { name: 'x', nameEn: 'x', image: '', categoryId: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
}

function webLines(lines: Case[]): CartState['lines'] {
  return lines.map((line, index) =>
    cartLine(index + 1, index + 11, line.quantity, line.unitPrice, {
      selected: line.selected,
      available: !line.reason,
    }),
  );
}

/** A cached cart whose figures are stale, so only the recomputation can make them right. */
const stale: CartState = {
  __typename: 'Cart',
  id: 'cart',
  totalQuantity: -1,
  allSelected: false,
  selectedTotal: { __typename: 'Money', fen: -1, currency: 'CNY' },
  lines: [],
};

describe('cart totals: the service and the optimistic answer agree', () => {
  for (const [name, lines] of Object.entries(cases)) {
    it(name, () => {
      const service = cartView(
        serviceLines(lines),
        lines.map(() => null),
        'zh-CN',
      );
      const web = withTotals(stale, webLines(lines));
      expect({
        totalQuantity: web.totalQuantity,
        selectedTotal: web.selectedTotal.fen,
        allSelected: web.allSelected,
        subtotals: web.lines.map((line) => line.subtotal.fen),
      }).toEqual({
        totalQuantity: service.totalQuantity,
        selectedTotal: service.selectedTotal,
        allSelected: service.allSelected,
        subtotals: service.lines.map((line) => line.subtotal),
      });
    });
  }

  it('an empty cart is not all selected, nor one whose lines are all unavailable', () => {
    expect(withTotals(stale, []).allSelected).toBe(false);
    expect(withTotals(stale, webLines(cases['every line unavailable'])).allSelected).toBe(false);
    expect(
      withTotals(stale, webLines(cases['the available lines selected, an unavailable one not'])).allSelected,
    ).toBe(true);
  });

  it('neither side sums the lines itself: both call common/cart-totals.ts', () => {
    for (const file of ['service/src/modules/cart/routes.ts', 'web/src/features/cart/cart-math.ts']) {
      const source = fs.readFileSync(file, 'utf8');
      expect(source, file).toContain('cartTotals(');
      expect(source, file).not.toMatch(/\.reduce\(|\.every\(/);
    }
  });
});
