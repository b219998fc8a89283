/**
 * Messages when the network or the gateway fails, through the app's real Apollo client and
 * toasts (the gateway, reached through the browser's fetch, is the edge): the toaster's code is
 * downloaded while the page is idle, so a message still shows once the network has gone; a failed
 * mutation always says so, in the shopper's language; a product refused as off the shelf or
 * missing says it once, on the page, not in a toast as well.
 */
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createAppRuntime } from '../../web/src/app/App.tsx';
import { RouteBoundary } from '../../web/src/app/route-data.tsx';
import { useAddToCart } from '../../web/src/features/cart/useAddToCart.ts';
import type { Locale } from '../../web/src/i18n/LocaleProvider.tsx';
import GoodsDetailPage from '../../web/src/pages/goods/GoodsDetailPage.tsx';
import { elapse, useTestClock } from './clock.ts';
import { renderInAct } from './route-screen.tsx';

/** The toaster's chunk as the browser would download it: fails once the network is down. */
const toasterChunk = vi.hoisted(() => ({ requests: 0, networkDown: false }));
vi.mock('../../web/src/components/Toaster.tsx', async (importOriginal) => {
  toasterChunk.requests += 1;
  if (toasterChunk.networkDown)
    throw new TypeError('Failed to fetch dynamically imported module: /assets/Toaster.js');
  return importOriginal();
});

/** The gateway behind fetch: down (every request fails) or answering each operation by name. */
function gateway(answer: ((operationName: string) => unknown) | 'down') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body?: string }) => {
      if (answer === 'down') throw new TypeError('Failed to fetch');
      // a hashed query comes as a GET with its name in the address, a mutation as a POST body
      const operationName = init.body
        ? (JSON.parse(init.body) as { operationName: string }).operationName
        : (new URL(url, 'http://shop.test').searchParams.get('operationName') ?? '');
      return new Response(JSON.stringify(answer(operationName)), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

function AddButton() {
  const { addToCart } = useAddToCart();
  return (
    <button type="button" onClick={() => void addToCart('7', 1)}>
      add to cart
    </button>
  );
}

function renderWithClient(ui: React.ReactNode, locale: Locale = 'zh-CN') {
  const { client } = createAppRuntime();
  return render(
    <ApolloProvider client={client as ApolloClient}>
      <AppProviders locale={locale}>{ui}</AppProviders>
    </ApolloProvider>,
  );
}

const toast = async (name = '消息') => within(await screen.findByRole('region', { name }));

afterEach(() => {
  vi.unstubAllGlobals();
  toasterChunk.networkDown = false;
});

describe('messages in an outage', () => {
  // first in this file: the toaster's module is not loaded yet
  it('downloads the toaster while the page is idle, so "add to cart" says the network failed once it is down', async () => {
    const user = userEvent.setup();
    renderWithClient(<AddButton />);
    // nothing drawn before the first message, but the code is already here
    await waitFor(() => expect(toasterChunk.requests).toBe(1));
    expect(screen.queryByRole('region', { name: '消息' })).toBeNull();

    toasterChunk.networkDown = true;
    gateway('down');
    await user.click(screen.getByRole('button', { name: 'add to cart' }));
    expect(await (await toast()).findByText('网络异常，请稍后重试')).toBeVisible();
  });

  it('shows the gateway’s own text for a failed mutation, once', async () => {
    const user = userEvent.setup();
    gateway(() => ({
      data: null,
      errors: [
        { message: 'x', extensions: { code: 'UPSTREAM_UNAVAILABLE', alterMsg: '服务暂不可用', type: 2 } },
      ],
    }));
    renderWithClient(<AddButton />);
    await user.click(screen.getByRole('button', { name: 'add to cart' }));
    const region = await toast();
    expect(await region.findByText('服务暂不可用')).toBeVisible();
    expect(region.queryByText('操作失败，请稍后重试')).toBeNull();
  });
  it.each([
    ['zh-CN', '消息', '操作失败，请稍后重试'],
    ['en-GB', 'Notifications', 'The action failed; please try again later'],
  ] as const)(
    'says a mutation failed when the gateway gives no text for it (%s)',
    async (locale, region, text) => {
      const user = userEvent.setup();
      gateway(() => ({ data: null, errors: [{ message: 'Unexpected error.', extensions: {} }] }));
      renderWithClient(<AddButton />, locale);
      await user.click(screen.getByRole('button', { name: 'add to cart' }));
      expect(await (await toast(region)).findByText(text)).toBeVisible();
    },
  );
});

describe('a refused product says it once', () => {
  useTestClock();
  it.each([
    ['off the shelf', 'BAD_USER_INPUT', 'catalogue.offShelf', '该商品已下架~'],
    ['missing', 'NOT_FOUND', 'catalogue.notFound', '商品不存在'],
  ])('%s: on the page, not in a toast as well', async (_case, code, messageKey, text) => {
    gateway((operationName) =>
      operationName === 'GoodsDetailPage'
        ? {
            data: { product: null },
            errors: [
              { message: 'refused', path: ['product'], extensions: { code, messageKey, alterMsg: text } },
            ],
          }
        : { data: null },
    );
    const router = createMemoryRouter(
      [
        {
          path: '/goods/detail/:productId',
          element: (
            <RouteBoundary skeleton="detail">
              <GoodsDetailPage />
            </RouteBoundary>
          ),
        },
      ],
      { initialEntries: ['/goods/detail/7'] },
    );
    // in an awaited act: a screen that suspends in a synchronous one is never woken
    await renderInAct(() => renderWithClient(<RouterProvider router={router} />));
    expect(await screen.findByText(text)).toBeInTheDocument();
    // a toast would have followed the answer within a few milliseconds (the toaster is loaded)
    await elapse(400);
    expect(screen.getAllByText(text)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: '消息' })).toBeNull();
  });
});
