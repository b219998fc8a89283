import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartPageDocument } from '../../web/src/__generated__/graphql.ts';
import CartPage from '../../web/src/pages/cart/CartPage.tsx';
import { renderRouteScreen } from './route-screen.tsx';
import { cart, cartLine, money } from './shop-fixtures.ts';
import { signedIn } from './shop-render.tsx';

/** Line 1's price went from ¥12.00 down to ¥10.00 since it was added; line 2's did not change. */
const changed = cart([
  cartLine(1, 11, 2, 1000, { priceChangedFrom: money(1200) }),
  cartLine(2, 12, 1, 250000),
]);

function renderCart(locale: 'zh-CN' | 'en-GB') {
  return renderRouteScreen(<CartPage />, {
    mocks: [{ request: { query: CartPageDocument }, result: { data: { cart: changed } } }],
    route: '/cart',
    path: '/cart',
    session: signedIn,
    locale,
    skeleton: 'list',
  });
}

describe('cart: a price that changed since the line was added', () => {
  it.each([
    ['zh-CN', '价格已变动', '价格已变动，加入购物车时的价格为 ¥12.00'],
    ['en-GB', 'Price changed', 'Price changed; when added to the cart it was ¥12.00'],
  ] as const)(
    'shows the new price, the notice and the old price struck through (%s)',
    async (locale, notice, said) => {
      await renderCart(locale);
      const line = await screen.findByTestId('cart-line-1');
      const changedNote = within(line).getByTestId('cart-line-price-changed-1');
      // The current price is the line's price, and the subtotal follows it.
      expect(within(line).getAllByText('¥10.00').length).toBeGreaterThan(0);
      expect(within(line).getByText('¥20.00')).toBeInTheDocument();
      expect(changedNote).toHaveTextContent(notice);
      // Struck through for the eye, and said in words for a screen reader.
      const struck = changedNote.querySelector('s');
      expect(struck).toHaveTextContent('¥12.00');
      expect(changedNote.textContent?.replace(/\s+/g, ' ')).toBe(said);
      expect(screen.queryByTestId('cart-line-price-changed-2')).toBeNull();
    },
  );
});
