import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CartPageDocument,
  RemoveCartLineDocument,
  SelectAllCartLinesDocument,
  UpdateCartLineDocument,
} from '../../web/src/__generated__/graphql.ts';
import CartPage from '../../web/src/pages/cart/CartPage.tsx';
import { elapse, userWithClock, useTestClock } from './clock.ts';
import { renderRouteScreen, retry, routeSkeleton } from './route-screen.tsx';
import { cart, cartLine, gatewayError } from './shop-fixtures.ts';
import { signedIn } from './shop-render.tsx';

const initial = cart([cartLine(1, 11, 2, 1000), cartLine(2, 12, 1, 250000)]);
const cartMock = { request: { query: CartPageDocument }, result: { data: { cart: initial } } };

// the service's answers arrive after a delay (MockLink's timer): the clock jumps over it
useTestClock();

const row = (id: number) => screen.getByTestId(`cart-line-${id}`);
const total = () => screen.getByTestId('cart-total');

function renderCart(mocks: unknown[], locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  return renderRouteScreen(<CartPage />, {
    mocks: [cartMock, ...(mocks as [])],
    route: '/cart',
    path: '/cart',
    session: signedIn,
    locale,
    skeleton: 'list',
  });
}

describe('cart', () => {
  it('lists name, unit price, quantity and subtotal, with the total of the selected lines', async () => {
    await renderCart([]);
    expect(await screen.findByRole('link', { name: '商品 11' })).toBeInTheDocument();
    const first = row(1);
    expect(within(first).getByText('¥10.00')).toBeInTheDocument();
    expect(within(first).getByRole('textbox', { name: '数量 商品 11' })).toHaveValue('2');
    expect(within(first).getByText('¥20.00')).toBeInTheDocument();
    expect(within(row(2)).getAllByText('¥2,500.00')).toHaveLength(2);
    expect(total()).toHaveTextContent('¥2,520.00');
    expect(screen.getByRole('checkbox', { name: '全选' })).toBeChecked();
  });

  it('changes a quantity at once and keeps the service answer', async () => {
    const user = userWithClock();
    const server = cart([cartLine(1, 11, 3, 1000), cartLine(2, 12, 1, 250000)]);
    await renderCart([
      {
        request: { query: UpdateCartLineDocument, variables: { input: { lineId: '1', quantity: 3 } } },
        result: {
          data: { updateCartLine: { __typename: 'UpdateCartLinePayload', userErrors: [], cart: server } },
        },
        delay: 1000,
      },
    ]);
    await screen.findByRole('link', { name: '商品 11' });
    await user.click(within(row(1)).getByRole('button', { name: '增加' }));
    // optimistic: before the service answers
    expect(within(row(1)).getByRole('textbox')).toHaveValue('3');
    expect(within(row(1)).getByText('¥30.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent('¥2,530.00');
    await elapse(1200);
    expect(within(row(1)).getByRole('textbox')).toHaveValue('3');
    expect(total()).toHaveTextContent('¥2,530.00');
  });

  it('rolls a quantity change back when the service refuses it', async () => {
    const user = userWithClock();
    await renderCart([
      {
        request: { query: UpdateCartLineDocument, variables: { input: { lineId: '1', quantity: 3 } } },
        result: { errors: [gatewayError('BAD_USER_INPUT', '库存不足，仅剩 2 件', 'cart.onlyLeft')] },
        delay: 1000,
      },
    ]);
    await screen.findByRole('link', { name: '商品 11' });
    await user.click(within(row(1)).getByRole('button', { name: '增加' }));
    expect(within(row(1)).getByRole('textbox')).toHaveValue('3');
    expect(total()).toHaveTextContent('¥2,530.00');
    await elapse(1000);
    await waitFor(() => expect(within(row(1)).getByRole('textbox')).toHaveValue('2'));
    expect(within(row(1)).getByText('¥20.00')).toBeInTheDocument();
    expect(total()).toHaveTextContent('¥2,520.00');
  });

  it('sets a typed quantity above the most of one product to that most, with one message', async () => {
    const user = userWithClock();
    const line = (quantity: number) => {
      const base = cartLine(1, 11, quantity, 1000);
      return { ...base, product: { ...base.product, stock: 1000 } };
    };
    // pasted at once: one change, capped at 999
    const answer = (quantity: number) => ({
      request: { query: UpdateCartLineDocument, variables: { input: { lineId: '1', quantity } } },
      result: {
        data: {
          updateCartLine: {
            __typename: 'UpdateCartLinePayload',
            userErrors: [],
            cart: cart([line(quantity)]),
          },
        },
      },
    });
    await renderRouteScreen(<CartPage />, {
      mocks: [{ ...cartMock, result: { data: { cart: cart([line(2)]) } } }, answer(999)],
      route: '/cart',
      path: '/cart',
      session: signedIn,
      skeleton: 'list',
    });
    await screen.findByRole('link', { name: '商品 11' });
    const box = within(row(1)).getByRole('textbox', { name: '数量 商品 11' });
    await user.clear(box);
    await user.paste('99999');
    await user.tab();
    await elapse(100);
    expect(box).toHaveValue('999');
    expect(total()).toHaveTextContent('¥9,990.00');
    // one message, naming the limit that applied (the stock, 1000, is not it)
    expect(within(row(1)).getAllByText(/最多购买|库存|请输入数量/)).toHaveLength(1);
    expect(within(row(1)).getByText('单个商品最多购买 999 件')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("asks 'Confirm deletion?' and removes the line at once", async () => {
    const user = userWithClock();
    const removed = vi.fn();
    await renderCart(
      [
        {
          request: { query: RemoveCartLineDocument, variables: { input: { lineId: '2' } } },
          result: () => {
            removed();
            return {
              data: {
                removeCartLine: {
                  __typename: 'RemoveCartLinePayload',
                  userErrors: [],
                  removedLineId: '2',
                  cart: cart([cartLine(1, 11, 2, 1000)]),
                },
              },
            };
          },
          delay: 1000,
        },
      ],
      'en-GB',
    );
    await screen.findByRole('link', { name: '商品 12' });
    await user.click(screen.getByRole('button', { name: 'Remove 商品 12' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Confirm deletion?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Keep item' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByTestId('cart-line-2')).not.toBeInTheDocument();
    expect(total()).toHaveTextContent('¥20.00');
    await elapse(1000);
    expect(removed).toHaveBeenCalled();
  });

  it('keeps the line when deletion is cancelled, and brings it back when removal fails', async () => {
    const user = userWithClock();
    await renderCart([
      {
        request: { query: RemoveCartLineDocument, variables: { input: { lineId: '2' } } },
        result: { errors: [gatewayError('UPSTREAM_ERROR', '操作失败')] },
        delay: 1000,
      },
    ]);
    await screen.findByRole('link', { name: '商品 12' });
    await user.click(screen.getByRole('button', { name: '删除 商品 12' }));
    expect(within(await screen.findByRole('alertdialog')).getByText('确认删除？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '再想想' }));
    expect(row(2)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '删除 商品 12' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }));
    expect(screen.queryByTestId('cart-line-2')).not.toBeInTheDocument();
    await elapse(1000);
    expect(await screen.findByTestId('cart-line-2')).toBeInTheDocument();
    expect(total()).toHaveTextContent('¥2,520.00');
  });

  it('selects one line and all lines optimistically', async () => {
    const user = userWithClock();
    const afterUnselect = cart([cartLine(1, 11, 2, 1000, { selected: false }), cartLine(2, 12, 1, 250000)]);
    await renderCart([
      {
        request: { query: UpdateCartLineDocument, variables: { input: { lineId: '1', selected: false } } },
        result: {
          data: {
            updateCartLine: { __typename: 'UpdateCartLinePayload', userErrors: [], cart: afterUnselect },
          },
        },
        delay: 100,
      },
      {
        request: { query: SelectAllCartLinesDocument, variables: { input: { selected: true } } },
        result: {
          data: {
            selectAllCartLines: { __typename: 'SelectAllCartLinesPayload', userErrors: [], cart: initial },
          },
        },
        delay: 100,
      },
    ]);
    await screen.findByRole('link', { name: '商品 11' });
    await user.click(screen.getByRole('checkbox', { name: '选择 商品 11' }));
    expect(total()).toHaveTextContent('¥2,500.00');
    expect(screen.getByRole('checkbox', { name: '全选' })).not.toBeChecked();
    await elapse(150);
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(total()).toHaveTextContent('¥2,520.00');
    expect(screen.getByRole('checkbox', { name: '选择 商品 11' })).toBeChecked();
  });

  it('marks unavailable lines and leaves them out of checkout', async () => {
    const user = userWithClock();
    const withGone = cart([
      cartLine(1, 11, 2, 1000),
      cartLine(3, 13, 1, 500, { available: false, selected: false }),
    ]);
    await renderRouteScreen(<CartPage />, {
      mocks: [{ request: { query: CartPageDocument }, result: { data: { cart: withGone } } }],
      route: '/cart',
      path: '/cart',
      session: signedIn,
    });
    await screen.findByRole('link', { name: '商品 13' });
    expect(within(row(3)).getByText('已失效')).toBeInTheDocument();
    expect(within(row(3)).getByRole('checkbox')).toBeDisabled();
    expect(within(row(3)).getByRole('textbox')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '去结算' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/order/confirm?lines=1');
  });

  it('asks a visitor to log in and shows an empty cart', async () => {
    const openLogin = vi.fn();
    const { unmount } = await renderRouteScreen(<CartPage />, {
      route: '/cart',
      path: '/cart',
      session: { openLogin },
    });
    await userWithClock().click(screen.getByRole('link', { name: '立即登录' }));
    expect(openLogin).toHaveBeenCalledWith('/cart');
    unmount();
    await renderRouteScreen(<CartPage />, {
      mocks: [{ request: { query: CartPageDocument }, result: { data: { cart: cart([]) } } }],
      route: '/cart',
      path: '/cart',
      session: signedIn,
      locale: 'en-GB',
    });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('shows the route skeleton while the cart loads, never the visitor prompt', async () => {
    await renderRouteScreen(<CartPage />, {
      mocks: [{ ...cartMock, delay: 300 }],
      route: '/cart',
      path: '/cart',
      session: signedIn,
      skeleton: 'list',
    });
    expect(routeSkeleton()).toHaveTextContent('加载中');
    expect(screen.queryByRole('link', { name: '立即登录' })).not.toBeInTheDocument();
    await elapse(300);
    expect(await screen.findByRole('link', { name: '商品 11' })).toBeInTheDocument();
    expect(routeSkeleton()).toBeNull();
  });

  it('keeps the skeleton while the session is read', async () => {
    await renderRouteScreen(<CartPage />, { route: '/cart', path: '/cart', session: { loading: true } });
    expect(routeSkeleton()).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '立即登录' })).not.toBeInTheDocument();
  });

  it('asks again without a reload when the retry button of a failed load is pressed', async () => {
    const user = userWithClock();
    const asked = vi.fn();
    await renderRouteScreen(<CartPage />, {
      mocks: [
        {
          request: { query: CartPageDocument },
          result: { errors: [gatewayError('UPSTREAM_ERROR', '服务繁忙')] },
        },
        {
          request: { query: CartPageDocument },
          result: () => {
            asked();
            return { data: { cart: initial } };
          },
        },
      ],
      route: '/cart',
      path: '/cart',
      session: signedIn,
    });
    const alert = await screen.findByRole('alert');
    expect(asked).not.toHaveBeenCalled();
    await retry(user, alert);
    expect(await screen.findByRole('link', { name: '商品 11' })).toBeInTheDocument();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });
});
