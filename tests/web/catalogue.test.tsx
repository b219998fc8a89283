import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CategoriesPageDocument,
  CategoryGoodsPageDocument,
  GoodsListPageDocument,
  HomePageDocument,
  HotGoodsPageDocument,
  SearchResultPageDocument,
} from '../../web/src/__generated__/graphql.ts';
import CategoriesPage from '../../web/src/pages/category/CategoriesPage.tsx';
import CategoryGoodsPage from '../../web/src/pages/category/CategoryGoodsPage.tsx';
import GoodsListPage from '../../web/src/pages/goods/GoodsListPage.tsx';
import HotGoodsPage from '../../web/src/pages/goods/HotGoodsPage.tsx';
import HomePage from '../../web/src/pages/home/HomePage.tsx';
import SearchResultPage from '../../web/src/pages/search/SearchResultPage.tsx';
import { gatewayError, money, product, productPage } from './shop-fixtures.ts';
import { renderShop } from './shop-render.tsx';

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
            image: '/img/card.svg',
            link: '/goods/new',
          },
          {
            __typename: 'Card',
            id: '2',
            kind: 'service',
            title: '正品保障',
            subtitle: '品质无忧',
            image: '/img/genuine.svg',
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
      newProducts: { __typename: 'ProductPage', total: 1, records: [product(3, { name: '新品 3' })] },
    },
  },
};

describe('home', () => {
  it('shows cards, notices, hot goods and new arrivals with formatted prices', async () => {
    renderShop(<HomePage />, { mocks: [homeMock], route: '/home' });
    expect(await screen.findByText('春季上新')).toBeInTheDocument();
    expect(screen.getByText('开业公告')).toBeInTheDocument();
    const hot = screen.getByRole('list', { name: '热门商品' });
    expect(within(hot).getAllByTestId('product-card')).toHaveLength(2);
    expect(within(hot).getByText('¥1,234.51')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: '新品上市' })).getByRole('link', { name: '新品 3' }),
    ).toHaveAttribute('href', '/goods/detail/3');
    expect(screen.getByRole('link', { name: /春季上新/ })).toHaveAttribute('href', '/goods/new');
  });

  it('shows the service cards as guarantees with their text, not as links', async () => {
    renderShop(<HomePage />, { mocks: [homeMock], route: '/home' });
    const guarantees = await screen.findByRole('list', { name: '服务保障' });
    expect(within(guarantees).getByText('正品保障')).toBeInTheDocument();
    expect(within(guarantees).getByText('品质无忧')).toBeInTheDocument();
    expect(within(guarantees).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: /正品保障/ })).toBeNull();
  });

  it('offers a retry when the home page cannot load', async () => {
    const failing = { ...homeMock, result: { errors: [gatewayError('UPSTREAM_UNAVAILABLE', '服务繁忙')] } };
    renderShop(<HomePage />, { mocks: [failing, homeMock], route: '/home' });
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('春季上新')).toBeInTheDocument();
  });

  it('speaks English in en-GB', async () => {
    renderShop(<HomePage />, { mocks: [homeMock], route: '/home', locale: 'en-GB' });
    expect(await screen.findByRole('heading', { name: 'Popular Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New products are on the market' })).toBeInTheDocument();
    expect(screen.getByText('20 sold')).toBeInTheDocument();
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
    renderShop(<CategoriesPage />, { mocks: [mock], route: '/category' });
    expect(await screen.findByRole('link', { name: '数码' })).toHaveAttribute(
      'href',
      '/category/detail/digital',
    );
    expect(screen.getByRole('link', { name: '手机' })).toHaveAttribute('href', '/category/detail/phones');
  });

  it('shows the goods of one category, sorted from the URL, linking to the category detail route', async () => {
    const mock = {
      request: {
        query: CategoryGoodsPageDocument,
        variables: { cardName: 'phones', sort: 'SALES', page: { pageNum: 1, pageSize: 15 } },
      },
      result: {
        data: {
          category: {
            __typename: 'Category',
            id: '2',
            name: '手机',
            cardName: 'phones',
            parentId: '1',
            children: [],
          },
          categories: categoryTree,
          products: productPage([5, 6]),
        },
      },
    };
    renderShop(<CategoryGoodsPage />, {
      mocks: [mock],
      route: '/category/detail/phones?sort=sales',
      path: '/category/detail/:cardName',
    });
    expect(await screen.findByRole('heading', { name: '手机' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '销量' })).toHaveAttribute('aria-pressed', 'true');
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
      request: {
        query: CategoryGoodsPageDocument,
        variables: { cardName: 'nope', sort: 'DEFAULT', page: { pageNum: 1, pageSize: 15 } },
      },
      result: { data: null, errors: [gatewayError('NOT_FOUND', '分类不存在')] },
    };
    renderShop(<CategoryGoodsPage />, {
      mocks: [mock],
      route: '/category/detail/nope',
      path: '/category/detail/:cardName',
    });
    expect(await screen.findByText('分类不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
  });
});

describe('goods list: sort and paging', () => {
  const listMock = (sort: string, pageNum: number, ids: number[]) => ({
    request: { query: GoodsListPageDocument, variables: { sort, page: { pageNum, pageSize: 15 } } },
    result: { data: { products: productPage(ids, 40, pageNum) } },
  });

  it('changes the order and the page through the URL and fetches each once', async () => {
    const user = userEvent.setup();
    renderShop(<GoodsListPage />, {
      mocks: [
        listMock('DEFAULT', 1, [1, 2]),
        listMock('PRICE_ASC', 1, [7, 8]),
        listMock('PRICE_ASC', 2, [9]),
      ],
      route: '/goods/list',
      path: '/goods/list',
    });
    expect(await screen.findByRole('link', { name: '商品 1' })).toBeInTheDocument();
    expect(screen.getByText('共 40 条')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '价格从低到高' }));
    expect(await screen.findByRole('link', { name: '商品 7' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/list?sort=priceAsc');

    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('link', { name: '商品 9' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/list?sort=priceAsc&page=2');
    expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');

    // Back to page 1 of this order: served by the cache (no mock left for it would fail otherwise).
    await user.click(screen.getByRole('button', { name: '第 1 页' }));
    expect(await screen.findByRole('link', { name: '商品 7' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    renderShop(<HotGoodsPage />, {
      mocks: [
        {
          request: { query: HotGoodsPageDocument, variables: { page: { pageNum: 1, pageSize: 15 } } },
          result: { data: { hotProducts: productPage([], 0) } },
        },
      ],
      route: '/goods/hot',
      path: '/goods/hot',
    });
    expect(await screen.findByText('暂无商品')).toBeInTheDocument();
  });

  it('past the last page (?page=99) says so and offers the way back', async () => {
    const user = userEvent.setup();
    const hotMock = (pageNum: number, ids: number[]) => ({
      request: { query: HotGoodsPageDocument, variables: { page: { pageNum, pageSize: 15 } } },
      result: { data: { hotProducts: productPage(ids, 20, pageNum) } },
    });
    renderShop(<HotGoodsPage />, {
      mocks: [hotMock(99, []), hotMock(2, [16, 17, 18, 19, 20])],
      route: '/goods/hot?page=99',
      path: '/goods/hot',
    });
    expect(await screen.findByText('没有第 99 页：列表只有 2 页')).toBeInTheDocument();
    expect(screen.queryByText('暂无商品')).toBeNull();
    expect(screen.getByRole('button', { name: '回到第一页' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '回到最后一页（第 2 页）' }));
    expect(await screen.findByRole('link', { name: '商品 16' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/goods/hot?page=2');
  });
});

describe('search results', () => {
  const noFilter = { cardName: null, minPrice: null, maxPrice: null };
  const hit = (id: number, match: Record<string, unknown> = {}) => ({
    __typename: 'ProductSearchHit' as const,
    product: product(id),
    match: {
      __typename: 'SearchMatch' as const,
      language: 'SHOPPER',
      nameRanges: [{ __typename: 'TextRange' as const, start: 0, end: 2 }],
      otherName: null,
      otherNameRanges: [],
      ...match,
    },
  });
  const facets = {
    __typename: 'SearchFacets' as const,
    categories: [
      { __typename: 'CategoryFacet' as const, id: '3', name: '手机', cardName: 'phones', count: 12 },
      { __typename: 'CategoryFacet' as const, id: '4', name: '智能穿戴', cardName: 'wearables', count: 4 },
    ],
    prices: [
      { __typename: 'PriceFacet' as const, min: money(0), max: money(10000), count: 5 },
      { __typename: 'PriceFacet' as const, min: money(500000), max: null, count: 11 },
    ],
  };
  const searchMock = (
    sort: string,
    pageNum: number,
    hits: ReturnType<typeof hit>[],
    total: number,
    filter: Record<string, unknown> = noFilter,
  ) => ({
    request: {
      query: SearchResultPageDocument,
      variables: { keyword: '手机', sort, filter, page: { pageNum, pageSize: 15 } },
    },
    result: {
      data: {
        productSearch: { __typename: 'ProductSearchResult', total, pageNum, pageSize: 15, hits, facets },
      },
    },
  });

  it('reads keyword, sort and page from the URL and keeps them there', async () => {
    const user = userEvent.setup();
    renderShop(<SearchResultPage />, {
      mocks: [searchMock('NEWEST', 2, [hit(20)], 16), searchMock('SALES', 1, [hit(21)], 16)],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&sort=newest&page=2',
      path: '/category/search-result',
    });
    expect(await screen.findByRole('heading', { name: '“手机” 的搜索结果' })).toBeInTheDocument();
    expect(await screen.findByText('共找到 16 件商品')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '商品 20' })).toHaveAttribute(
      'href',
      '/category/goods-detail/20',
    );
    await user.click(screen.getByRole('button', { name: '销量' }));
    expect(await screen.findByRole('link', { name: '商品 21' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&sort=sales',
      ),
    );
  });

  it('marks the matches and says when only the other-language name matched', async () => {
    const other = hit(22, {
      language: 'OTHER',
      nameRanges: [],
      otherName: 'Xingyao Smartphone',
      otherNameRanges: [{ __typename: 'TextRange', start: 13, end: 18 }],
    });
    renderShop(<SearchResultPage />, {
      mocks: [searchMock('DEFAULT', 1, [hit(20), other], 2)],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA',
      path: '/category/search-result',
    });
    const link = await screen.findByRole('link', { name: '商品 20' });
    expect(link.querySelector('mark')).toHaveTextContent('商品');
    const note = screen.getByText('英文名称匹配：', { exact: false });
    expect(note).toHaveTextContent('英文名称匹配：Xingyao Smartphone');
    expect(note.querySelector('mark')).toHaveTextContent('phone');
    expect(screen.getByRole('link', { name: '商品 22' }).querySelector('mark')).toBeNull();
  });

  it('narrows by category and price band, kept in the URL', async () => {
    const user = userEvent.setup();
    renderShop(<SearchResultPage />, {
      mocks: [
        searchMock('DEFAULT', 2, [hit(20)], 16),
        searchMock('DEFAULT', 1, [hit(21)], 12, { ...noFilter, cardName: 'phones' }),
        searchMock('DEFAULT', 1, [hit(23)], 11, { cardName: 'phones', minPrice: 500000, maxPrice: null }),
      ],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&page=2',
      path: '/category/search-result',
    });
    const categories = await screen.findByRole('group', { name: '分类' });
    expect(within(categories).getByRole('button', { name: '全部' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(categories).getByRole('button', { name: '手机 (12)' }));
    expect(await screen.findByRole('link', { name: '商品 21' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&category=phones',
    );
    const prices = screen.getByRole('group', { name: '价格' });
    expect(within(prices).getByRole('button', { name: '¥0–¥100 (5)' })).toBeInTheDocument();
    await user.click(within(prices).getByRole('button', { name: '¥5,000 以上 (11)' }));
    expect(await screen.findByRole('link', { name: '商品 23' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('category=phones&price=500000-');
    expect(
      within(screen.getByRole('group', { name: '价格' })).getByRole('button', { name: '¥5,000 以上 (11)' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('asks for words when the keyword is empty, in both locales', async () => {
    const { unmount } = renderShop(<SearchResultPage />, {
      route: '/category/search-result?keyword=%20',
      path: '/category/search-result',
    });
    expect(screen.getByText('请输入内容')).toBeInTheDocument();
    unmount();
    renderShop(<SearchResultPage />, {
      route: '/category/search-result',
      path: '/category/search-result',
      locale: 'en-GB',
    });
    expect(screen.getByText('Please enter content')).toBeInTheDocument();
  });

  it('counts results in English', async () => {
    renderShop(<SearchResultPage />, {
      mocks: [searchMock('DEFAULT', 1, [hit(20)], 1)],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA',
      path: '/category/search-result',
      locale: 'en-GB',
    });
    expect(await screen.findByText('1 product found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Relevance' })).toHaveAttribute('aria-pressed', 'true');
  });
});
