import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CategoriesPageDocument,
  CategoryGoodsPageDocument,
  GoodsListPageDocument,
  HomePageDocument,
  HotGoodsPageDocument,
} from '../../web/src/__generated__/graphql.ts';
import CategoriesPage from '../../web/src/pages/category/CategoriesPage.tsx';
import CategoryGoodsPage from '../../web/src/pages/category/CategoryGoodsPage.tsx';
import GoodsListPage from '../../web/src/pages/goods/GoodsListPage.tsx';
import HotGoodsPage from '../../web/src/pages/goods/HotGoodsPage.tsx';
import HomePage from '../../web/src/pages/home/HomePage.tsx';
import { elapse, startTestClock } from './clock.ts';
import { press, renderRoute, shownSkeleton } from './route-screen.tsx';
import { gatewayError, picture, product, productPage } from './shop-fixtures.ts';

const homeMock = {
  request: {
    query: HomePageDocument,
    variables: { hotPage: { pageNum: 1, pageSize: 10 }, newPage: { pageNum: 1, pageSize: 10 } },
  },
  result: {
    data: {
      cards: {
        __typename: 'CardList',
        cards: [
          {
            __typename: 'Card',
            id: '1',
            kind: 'banner',
            title: '春季上新',
            subtitle: '全场包邮',
            featuredImage: picture('/img/card.svg', '春季上新'),
            link: '/goods/new',
          },
          {
            __typename: 'Card',
            id: '2',
            kind: 'service',
            title: '正品保障',
            subtitle: '品质无忧',
            featuredImage: picture('/img/genuine.svg', '正品保障'),
            link: '',
          },
        ],
      },
      notices: [
        {
          __typename: 'ShopNotice',
          id: '1',
          title: '开业公告',
          content: '欢迎光临',
          publishedAt: '2024-03-05T06:07:09.000Z',
        },
      ],
      hotProducts: { __typename: 'ProductPage', total: 2, records: [product(1), product(2)] },
      newProducts: {
        __typename: 'ProductPage',
        total: 1,
        records: [product(3, { name: '新品 3', sales: 61_000 })],
      },
    },
  },
};

describe('home', () => {
  it('shows the grid skeleton, then cards, notices, hot goods and new arrivals with formatted prices', async () => {
    const { firstPaint } = await renderRoute(<HomePage />, {
      mocks: [{ ...homeMock, delay: 100 }],
      route: '/home',
    });
    expect(firstPaint).toBe('grid');
    expect(await screen.findByText('春季上新')).toBeInTheDocument();
    expect(shownSkeleton()).toBeNull();
    expect(screen.getByText('开业公告')).toBeInTheDocument();
    const hot = screen.getByRole('list', { name: '热门商品' });
    expect(within(hot).getAllByTestId('product-card')).toHaveLength(2);
    expect(within(hot).getByText('¥1,234.51')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: '新品上市' })).getByRole('link', { name: '新品 3' }),
    ).toHaveAttribute('href', '/goods/detail/3');
    // sales below 10,000 as they are, above in 万 with a +
    expect(within(hot).getByText('已售 20')).toBeInTheDocument();
    expect(screen.getByText('已售 6.1万+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /春季上新/ })).toHaveAttribute('href', '/goods/new');
    // pictures come from the structured Image: absolute address, with the size the gateway knows
    const cardPicture = hot.querySelector('img');
    expect(cardPicture).toHaveAttribute('src', '/img/1.svg');
    expect(cardPicture).toHaveAttribute('width', '240');
    expect(document.querySelector('img[src="/img/card.svg"]')).toHaveAttribute('fetchpriority', 'high');
  });

  it("writes a card's title and subtitle over its picture as text, readable before the picture loads", async () => {
    await renderRoute(<HomePage />, { mocks: [homeMock], route: '/home' });
    const link = await screen.findByRole('link', { name: /春季上新/ });
    expect(link.closest('li')?.querySelector('img')).toHaveAttribute('src', '/img/card.svg');
    for (const words of ['春季上新', '全场包邮']) {
      const text = within(link).getByText(words);
      expect(text).toBeVisible();
      // not a screen reader's text clipped to a pixel: shown, between the text and the link
      for (let node: HTMLElement | null = text; node && node !== link; node = node.parentElement) {
        const style = getComputedStyle(node);
        expect(style.clip, words).not.toMatch(/rect\(0/);
        expect(style.width, words).not.toBe('1px');
      }
    }
  });

  it('writes the title over a card stored without a picture', async () => {
    const bare = structuredClone(homeMock);
    // the gateway resolves a card without a picture to the bare address of the shop
    bare.result.data.cards.cards[0].featuredImage = picture('/');
    await renderRoute(<HomePage />, { mocks: [bare], route: '/home' });
    const link = await screen.findByRole('link', { name: /春季上新/ });
    expect(link.closest('li')?.querySelector('img')).toBeNull();
    expect(within(link).getByText('春季上新')).toBeVisible();
  });

  it('shows the service cards as guarantees with their text, not as links', async () => {
    await renderRoute(<HomePage />, { mocks: [homeMock], route: '/home' });
    const guarantees = await screen.findByRole('list', { name: '服务保障' });
    expect(within(guarantees).getByText('正品保障')).toBeInTheDocument();
    expect(within(guarantees).getByText('品质无忧')).toBeInTheDocument();
    expect(within(guarantees).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: /正品保障/ })).toBeNull();
  });

  it('fails into the route retry, which asks again without a page reload', async () => {
    let asked = 0;
    const failing = {
      ...homeMock,
      result: () => {
        asked += 1;
        return { errors: [gatewayError('UPSTREAM_UNAVAILABLE', '服务繁忙')] };
      },
    };
    const answering = {
      ...homeMock,
      result: () => {
        asked += 1;
        return homeMock.result;
      },
    };
    const { router } = await renderRoute(<HomePage />, {
      mocks: [failing, answering],
      route: '/home',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务繁忙');
    expect(asked).toBe(1);
    await press(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('春季上新')).toBeInTheDocument();
    expect(asked).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    // the same router and history: the retry rendered the screen again in place
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.historyAction).toBe('POP');
  });

  it('speaks English in en-GB', async () => {
    await renderRoute(<HomePage />, { mocks: [homeMock], route: '/home', locale: 'en-GB' });
    expect(await screen.findByRole('heading', { name: 'Popular Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New products are on the market' })).toBeInTheDocument();
    expect(screen.getByText('20 sold')).toBeInTheDocument();
    expect(screen.getByText('61k+ sold')).toBeInTheDocument();
  });
});

const categoryTree = [
  {
    __typename: 'Category' as const,
    id: '1',
    name: '数码',
    cardName: 'digital',
    children: [
      { __typename: 'Category' as const, id: '2', name: '手机', cardName: 'phones' },
      { __typename: 'Category' as const, id: '3', name: '电脑', cardName: 'laptops' },
    ],
  },
];

/** The category goods page's query for a category slug and sort, first page. */
const categoryGoods = (cardName: string, sort: string) => ({
  query: CategoryGoodsPageDocument,
  variables: { cardName, sort, page: { pageNum: 1, pageSize: 15 } },
});

/** The phones category (under digital) as the category goods page reads it, with its goods. */
const phonesPage = (products: ReturnType<typeof productPage>) => ({
  category: {
    __typename: 'Category',
    id: '2',
    name: '手机',
    cardName: 'phones',
    parentId: '1',
    children: [],
  },
  categories: categoryTree,
  products,
});

describe('categories', () => {
  it('lists every category with links to its goods', async () => {
    const mock = {
      request: { query: CategoriesPageDocument },
      result: {
        data: {
          categories: [
            {
              __typename: 'Category',
              id: '1',
              name: '数码',
              cardName: 'digital',
              icon: '/i.svg',
              children: [
                { __typename: 'Category', id: '2', name: '手机', cardName: 'phones', icon: '/p.svg' },
              ],
            },
          ],
        },
      },
    };
    await renderRoute(<CategoriesPage />, { mocks: [mock], route: '/category' });
    expect(await screen.findByRole('link', { name: '数码' })).toHaveAttribute(
      'href',
      '/category/detail/digital',
    );
    expect(screen.getByRole('link', { name: '手机' })).toHaveAttribute('href', '/category/detail/phones');
  });

  it('shows the goods of one category, sorted from the URL, linking to the category detail route', async () => {
    const mock = {
      request: categoryGoods('phones', 'SALES'),
      result: {
        data: phonesPage(productPage([5, 6])),
      },
    };
    await renderRoute(<CategoryGoodsPage />, {
      mocks: [mock],
      route: '/category/detail/phones?sort=sales',
      path: '/category/detail/:cardName',
    });
    expect(await screen.findByRole('heading', { name: '手机' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '销量' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: '价格从低到高' })).toHaveAttribute(
      'href',
      '/category/detail/phones?sort=priceAsc',
    );
    expect(screen.getByRole('link', { name: '商品 5' })).toHaveAttribute('href', '/category/goods-detail/5');
    // the way back: all categories › the parent › here, and the siblings with this one marked
    const crumbs = within(screen.getByRole('navigation', { name: '所在位置' }));
    expect(crumbs.getByRole('link', { name: '全部分类' })).toHaveAttribute('href', '/category');
    expect(crumbs.getByRole('link', { name: '数码' })).toHaveAttribute('href', '/category/detail/digital');
    expect(crumbs.getByText('手机')).toHaveAttribute('aria-current', 'page');
    const siblings = within(screen.getByRole('navigation', { name: '子分类' }));
    expect(siblings.getByRole('link', { name: '电脑' })).toHaveAttribute('href', '/category/detail/laptops');
    expect(siblings.getByRole('link', { name: '手机' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an unknown category slug as not found, with no pointless retry', async () => {
    const mock = {
      request: categoryGoods('nope', 'DEFAULT'),
      result: { data: null, errors: [gatewayError('NOT_FOUND', '分类不存在')] },
    };
    await renderRoute(<CategoryGoodsPage />, {
      mocks: [mock],
      route: '/category/detail/nope',
      path: '/category/detail/:cardName',
    });
    expect(await screen.findByText('分类不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
  });

  it('sends any other failure of a category page to the route retry', async () => {
    const request = categoryGoods('phones', 'DEFAULT');
    await renderRoute(<CategoryGoodsPage />, {
      mocks: [
        { request, result: { data: null, errors: [gatewayError('UPSTREAM_ERROR', '服务繁忙')] } },
        {
          request,
          result: {
            data: phonesPage(productPage([5])),
          },
        },
      ],
      route: '/category/detail/phones',
      path: '/category/detail/:cardName',
    });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('分类不存在')).toBeNull();
    await press(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '商品 5' })).toBeInTheDocument();
  });
});

describe('goods list: sort and paging', () => {
  const listMock = (sort: string, pageNum: number, ids: number[], delay?: number) => ({
    request: { query: GoodsListPageDocument, variables: { sort, page: { pageNum, pageSize: 15 } } },
    result: { data: { products: productPage(ids, 40, pageNum) } },
    delay,
  });

  it('changes the order and the page through the URL and fetches each once', async () => {
    await renderRoute(<GoodsListPage />, {
      mocks: [
        listMock('DEFAULT', 1, [1, 2]),
        listMock('PRICE_ASC', 1, [7, 8], 300),
        listMock('PRICE_ASC', 2, [9]),
      ],
      route: '/goods/list',
      path: '/goods/list',
    });
    expect(await screen.findByRole('link', { name: '商品 1' })).toBeInTheDocument();
    expect(screen.getByText('共 40 条')).toBeInTheDocument();

    startTestClock();
    await press(screen.getByRole('link', { name: '价格从低到高' }));
    // the navigation is a transition: the current page stays on screen while the next one loads
    expect(screen.getByRole('link', { name: '商品 1' })).toBeInTheDocument();
    expect(shownSkeleton()).toBeNull();
    await elapse(300);
    expect(await screen.findByRole('link', { name: '商品 7' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/list?sort=priceAsc');

    expect(screen.getByRole('link', { name: '下一页' })).toHaveAttribute(
      'href',
      '/goods/list?sort=priceAsc&page=2',
    );
    await press(screen.getByRole('link', { name: '下一页' }));
    expect(await screen.findByRole('link', { name: '商品 9' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/list?sort=priceAsc&page=2');
    expect(screen.getByRole('link', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '第 1 页' })).toHaveAttribute(
      'href',
      '/goods/list?sort=priceAsc',
    );

    // Back to page 1 of this order: served by the cache (no mock left for it would fail otherwise).
    await press(screen.getByRole('link', { name: '第 1 页' }));
    expect(await screen.findByRole('link', { name: '商品 7' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    await renderRoute(<HotGoodsPage />, {
      mocks: [
        {
          request: { query: HotGoodsPageDocument, variables: { page: { pageNum: 1, pageSize: 15 } } },
          result: { data: { hotProducts: productPage([], 0) } },
        },
      ],
      route: '/goods/hot',
      path: '/goods/hot',
    });
    expect(await screen.findByText('暂无商品', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('past the last page (?page=99) says so and offers the way back', async () => {
    const hotMock = (pageNum: number, ids: number[]) => ({
      request: { query: HotGoodsPageDocument, variables: { page: { pageNum, pageSize: 15 } } },
      result: { data: { hotProducts: productPage(ids, 20, pageNum) } },
    });
    await renderRoute(<HotGoodsPage />, {
      mocks: [hotMock(99, []), hotMock(2, [16, 17, 18, 19, 20])],
      route: '/goods/hot?page=99',
      path: '/goods/hot',
    });
    expect(await screen.findByText('没有第 99 页：列表只有 2 页')).toBeInTheDocument();
    expect(screen.queryByText('暂无商品')).toBeNull();
    // links, so the way back works before the script starts and without it
    expect(screen.getByRole('link', { name: '回到第一页' })).toHaveAttribute('href', '/goods/hot');
    const last = screen.getByRole('link', { name: '回到最后一页（第 2 页）' });
    expect(last).toHaveAttribute('href', '/goods/hot?page=2');
    await press(last);
    expect(await screen.findByRole('link', { name: '商品 16' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/hot?page=2');
  });
});
