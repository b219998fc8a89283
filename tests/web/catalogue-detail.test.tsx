import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddToCartDocument, GoodsDetailPageDocument } from '../../web/src/__generated__/graphql.ts';
import GoodsDetailPage from '../../web/src/pages/goods/GoodsDetailPage.tsx';
import { press, renderRoute } from './route-screen.tsx';
import { cart, cartLine, gatewayError, money, picture } from './shop-fixtures.ts';
import { signedIn } from './shop-render.tsx';

const PATH = '/goods/detail/:productId';

/** The goods detail screen at /goods/detail/7 (unless `options` say otherwise) in its route boundary. */
const renderDetail = (options: Parameters<typeof renderRoute>[1] = {}) =>
  renderRoute(<GoodsDetailPage />, { skeleton: 'detail', route: '/goods/detail/7', path: PATH, ...options });

function detail(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Product',
    id: '7',
    name: '蓝牙耳机',
    description: '降噪，长续航',
    categoryId: '3',
    featuredImage: picture('/img/7.svg', '蓝牙耳机'),
    gallery: [picture('/img/7.svg', '蓝牙耳机'), picture('/img/7b.svg', '蓝牙耳机')],
    price: money(29900),
    originalPrice: money(39900),
    stock: 3,
    sales: 120,
    onShelf: true,
    ...overrides,
  };
}

const detailMock = (product: unknown) => ({
  request: { query: GoodsDetailPageDocument, variables: { id: '7' } },
  result: { data: { product } },
});

describe('goods detail', () => {
  it('shows the detail skeleton, then pictures, price, stock and description', async () => {
    const { firstPaint } = await renderDetail({ mocks: [{ ...detailMock(detail()), delay: 100 }] });
    expect(firstPaint).toBe('detail');
    expect(await screen.findByRole('heading', { name: '蓝牙耳机', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('¥299.00')).toBeInTheDocument();
    expect(screen.getByText('¥399.00')).toBeInTheDocument();
    expect(screen.getByTestId('stock')).toHaveTextContent('3 件');
    expect(screen.getByText('降噪，长续航')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '第 2 张图片' }));
    const shown = screen.getByRole('img', { name: '蓝牙耳机' });
    expect(shown).toHaveAttribute('src', '/img/7b.svg');
    expect(shown).toHaveAttribute('width', '400');
    expect(shown).toHaveAttribute('height', '400');
  });

  // The refusal as tests/gateway/api-catalogue.test.ts pins it: BAD_USER_INPUT, key catalogue.offShelf.
  const offShelfRefusal = (alterMsg: string) => ({
    request: { query: GoodsDetailPageDocument, variables: { id: '7' } },
    result: {
      data: { product: null },
      errors: [gatewayError('BAD_USER_INPUT', alterMsg, 'catalogue.offShelf')],
    },
  });

  it("says '该商品已下架~' when the gateway refuses an off-shelf product", async () => {
    // alterMsg differs from the page's text, so only the page's own translation can satisfy the test.
    await renderDetail({ mocks: [offShelfRefusal('refused')] });
    expect(await screen.findByText('该商品已下架~')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '加入购物车' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });

  it('says an off-shelf refusal in English on the en-GB screen', async () => {
    await renderDetail({ mocks: [offShelfRefusal('refused')], locale: 'en-GB' });
    expect(await screen.findByText('This product has been removed from the shelves~')).toBeInTheDocument();
  });

  it('sends any other refusal to the route retry, which asks again (the product page renders then)', async () => {
    await renderDetail({
      mocks: [
        {
          request: { query: GoodsDetailPageDocument, variables: { id: '7' } },
          result: { data: { product: null }, errors: [gatewayError('UPSTREAM_ERROR', '服务繁忙')] },
        },
        detailMock(detail()),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务繁忙');
    expect(screen.queryByText('该商品已下架~')).not.toBeInTheDocument();
    await press(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '蓝牙耳机', level: 1 })).toBeInTheDocument();
  });

  it("says '商品不存在' for a product the gateway does not know, with no pointless retry", async () => {
    await renderDetail({
      mocks: [
        {
          request: { query: GoodsDetailPageDocument, variables: { id: '7' } },
          result: { data: { product: null }, errors: [gatewayError('NOT_FOUND', 'gone')] },
        },
      ],
    });
    expect(await screen.findByText('商品不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
  });

  it('says the product is off the shelf when it is flagged so, in English too', async () => {
    await renderDetail({
      mocks: [detailMock(detail({ onShelf: false }))],
      route: '/category/goods-detail/7',
      path: '/category/goods-detail/:productId',
      locale: 'en-GB',
    });
    expect(await screen.findByText('This product has been removed from the shelves~')).toBeInTheDocument();
  });

  it("says 'id缺失！' without a usable id and asks nothing", async () => {
    await renderDetail({ route: '/goods/detail/undefined' });
    expect(screen.getByText('id缺失！')).toBeInTheDocument();
  });

  it('keeps the quantity within the stock', async () => {
    const user = userEvent.setup();
    await renderDetail({ mocks: [detailMock(detail())] });
    const input = await screen.findByRole('textbox', { name: '数量' });
    const increase = screen.getByRole('button', { name: '增加' });
    await user.click(increase);
    await user.click(increase);
    expect(input).toHaveValue('3');
    expect(increase).toBeDisabled();
    await user.clear(input);
    await user.type(input, '99');
    expect(input).toHaveValue('3');
    await user.clear(input);
    expect(screen.getByText('请输入数量')).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue('3');
    expect(screen.getByText('数量至少为 1，已恢复为 3')).toBeInTheDocument();
  });

  it('asks a visitor to log in before adding to the cart or buying', async () => {
    const user = userEvent.setup();
    const promptLogin = vi.fn();
    await renderDetail({ mocks: [detailMock(detail())], session: { promptLogin } });
    await user.click(await screen.findByRole('button', { name: '加入购物车' }));
    await user.click(screen.getByRole('button', { name: '立即购买' }));
    expect(promptLogin).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/detail/7');
  });

  it('adds the chosen quantity to the cart for a signed-in shopper', async () => {
    const user = userEvent.setup();
    const added = vi.fn();
    await renderDetail({
      mocks: [
        detailMock(detail()),
        {
          request: { query: AddToCartDocument, variables: { input: { productId: '7', quantity: 2 } } },
          result: () => {
            added();
            return {
              data: {
                addToCart: {
                  __typename: 'AddToCartPayload',
                  userErrors: [],
                  cart: cart([cartLine(1, 7, 2, 29900)]),
                },
              },
            };
          },
        },
      ],
      session: signedIn,
    });
    await user.click(await screen.findByRole('button', { name: '增加' }));
    await user.click(screen.getByRole('button', { name: '加入购物车' }));
    await vi.waitFor(() => expect(added).toHaveBeenCalledTimes(1));
  });

  it('buys now: to the confirm page with the product and quantity', async () => {
    const user = userEvent.setup();
    await renderDetail({ mocks: [detailMock(detail())], session: signedIn });
    await user.click(await screen.findByRole('button', { name: '增加' }));
    await user.click(screen.getByRole('button', { name: '立即购买' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/order/confirm?productId=7&quantity=2');
  });
});
