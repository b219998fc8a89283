import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchNoResultsDocument, SearchResultPageDocument } from '../../web/src/__generated__/graphql.ts';
import { secureStorage } from '../../web/src/lib/secure-storage.ts';
import SearchResultPage from '../../web/src/pages/search/SearchResultPage.tsx';
import { press, renderRoute, routeSkeleton, shownSkeleton } from './route-screen.tsx';
import { gatewayError, money, product } from './shop-fixtures.ts';

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
    { keyword = '手机', interpretedKeyword = null as string | null } = {},
  ) => ({
    request: {
      query: SearchResultPageDocument,
      variables: { keyword, sort, filter, page: { pageNum, pageSize: 15 } },
    },
    result: {
      data: {
        productSearch: {
          __typename: 'ProductSearchResult',
          total,
          pageNum,
          pageSize: 15,
          interpretedKeyword,
          hits,
          facets,
        },
      },
    },
  });
  const hotMock = (ids: number[]) => ({
    request: { query: SearchNoResultsDocument },
    result: {
      data: { hotProducts: { __typename: 'ProductPage', records: ids.map((id) => product(id)) } },
    },
  });

  it('reads keyword, sort and page from the URL and keeps them there', async () => {
    await renderRoute(<SearchResultPage />, {
      mocks: [searchMock('NEWEST', 2, [hit(20)], 16), searchMock('SALES', 1, [hit(21)], 16)],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&sort=newest&page=2',
      path: '/category/search-result',
    });
    expect(await screen.findByRole('heading', { name: '“手机” 的搜索结果' })).toBeInTheDocument();
    expect(await screen.findByText('共找到 16 件商品')).toBeInTheDocument();
    expect(screen.queryByText(/^显示“/)).toBeNull();
    expect(screen.getByRole('link', { name: '商品 20' })).toHaveAttribute(
      'href',
      '/category/goods-detail/20',
    );
    expect(screen.getByRole('link', { name: '销量' })).toHaveAttribute(
      'href',
      '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&sort=sales',
    );
    await press(screen.getByRole('link', { name: '销量' }));
    expect(await screen.findByRole('link', { name: '商品 21' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&sort=sales',
      ),
    );
  });

  it('past the last page of results says so and links back to the last page', async () => {
    await renderRoute(<SearchResultPage />, {
      mocks: [searchMock('DEFAULT', 9, [], 16), searchMock('DEFAULT', 2, [hit(16)], 16)],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&page=9',
      path: '/category/search-result',
    });
    expect(await screen.findByText('没有第 9 页：列表只有 2 页')).toBeInTheDocument();
    expect(screen.queryByText(/没有找到/)).toBeNull();
    const last = screen.getByRole('link', { name: '回到最后一页（第 2 页）' });
    expect(last).toHaveAttribute('href', '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&page=2');
    await press(last);
    expect(await screen.findByRole('link', { name: '商品 16' })).toBeInTheDocument();
  });

  it('marks the matches and says when only the other-language name matched', async () => {
    const other = hit(22, {
      language: 'OTHER',
      nameRanges: [],
      otherName: 'Xingyao Smartphone',
      otherNameRanges: [{ __typename: 'TextRange', start: 13, end: 18 }],
    });
    await renderRoute(<SearchResultPage />, {
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
    await renderRoute(<SearchResultPage />, {
      mocks: [
        searchMock('DEFAULT', 2, [hit(20)], 16),
        searchMock('DEFAULT', 1, [hit(21)], 12, { ...noFilter, cardName: 'phones' }),
        searchMock('DEFAULT', 1, [hit(23)], 11, { cardName: 'phones', minPrice: 500000, maxPrice: null }),
      ],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&page=2',
      path: '/category/search-result',
    });
    const categories = await screen.findByRole('group', { name: '分类' });
    expect(within(categories).getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'true');
    // a filter is a link to the first page of the narrowed search (it works without JavaScript)
    expect(within(categories).getByRole('link', { name: '手机 (12)' })).toHaveAttribute(
      'href',
      '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&category=phones',
    );
    await press(within(categories).getByRole('link', { name: '手机 (12)' }));
    expect(await screen.findByRole('link', { name: '商品 21' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/category/search-result?keyword=%E6%89%8B%E6%9C%BA&category=phones',
    );
    const prices = screen.getByRole('group', { name: '价格' });
    expect(within(prices).getByRole('link', { name: '¥0–¥100 (5)' })).toBeInTheDocument();
    await press(within(prices).getByRole('link', { name: '¥5,000 以上 (11)' }));
    expect(await screen.findByRole('link', { name: '商品 23' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('category=phones&price=500000-');
    expect(
      within(screen.getByRole('group', { name: '价格' })).getByRole('link', { name: '¥5,000 以上 (11)' }),
    ).toHaveAttribute('aria-current', 'true');
  });

  it('shows the grid skeleton while searching; a failure goes to the route retry', async () => {
    const failing = searchMock('DEFAULT', 1, [hit(20)], 1);
    const { firstPaint } = await renderRoute(<SearchResultPage />, {
      mocks: [
        { ...failing, delay: 100, result: { errors: [gatewayError('UPSTREAM_UNAVAILABLE', '服务繁忙')] } },
        searchMock('DEFAULT', 1, [hit(20)], 1),
      ],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA',
      path: '/category/search-result',
    });
    expect(firstPaint).toBe('grid');
    const alert = await screen.findByRole('alert');
    expect(shownSkeleton()).toBeNull();
    await press(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByText('共找到 1 件商品')).toBeInTheDocument();
  });

  it('says which words the results are for when the search corrected a typo', async () => {
    const corrected = { keyword: 'smartphnoe', interpretedKeyword: 'smartphone' };
    const { unmount } = await renderRoute(<SearchResultPage />, {
      mocks: [searchMock('DEFAULT', 1, [hit(20)], 1, noFilter, corrected)],
      route: '/category/search-result?keyword=smartphnoe',
      path: '/category/search-result',
    });
    expect(await screen.findByText('显示“smartphone”的结果')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '“smartphnoe” 的搜索结果' })).toBeInTheDocument();
    unmount();
    await renderRoute(<SearchResultPage />, {
      mocks: [searchMock('DEFAULT', 1, [hit(20)], 1, noFilter, corrected)],
      route: '/category/search-result?keyword=smartphnoe',
      path: '/category/search-result',
      locale: 'en-GB',
    });
    expect(await screen.findByText('Showing results for “smartphone”')).toBeInTheDocument();
  });

  it('offers the other recent searches and the hot products when nothing is found', async () => {
    await secureStorage.set('recentSearches', ['手机', '手机壳', 'laptop']);
    await renderRoute(<SearchResultPage />, {
      mocks: [
        searchMock('DEFAULT', 1, [], 0),
        hotMock([30, 31]),
        searchMock('DEFAULT', 1, [hit(32)], 1, noFilter, { keyword: 'laptop' }),
      ],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA',
      path: '/category/search-result',
    });
    expect(await screen.findByText('没有找到 “手机” 相关的商品')).toBeInTheDocument();
    expect(screen.getByText('换个词试试，或看看下面的热门商品。')).toBeInTheDocument();
    const recent = await screen.findByRole('navigation', { name: '最近搜索' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/category/search-result?keyword=%E6%89%8B%E6%9C%BA%E5%A3%B3',
      '/category/search-result?keyword=laptop',
    ]);
    const hot = await screen.findByRole('region', { name: '热门商品' });
    expect(within(hot).getByRole('link', { name: '商品 30' })).toHaveAttribute(
      'href',
      '/category/goods-detail/30',
    );
    expect(within(hot).getByRole('link', { name: '商品 31' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '销量' })).toBeNull();
    await press(within(recent).getByRole('link', { name: 'laptop' }));
    expect(await screen.findByRole('link', { name: '商品 32' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/category/search-result?keyword=laptop');
  });

  it('still says nothing was found when the hot products cannot be fetched', async () => {
    await renderRoute(<SearchResultPage />, {
      mocks: [
        searchMock('DEFAULT', 1, [], 0, noFilter, { keyword: 'xbox' }),
        {
          request: { query: SearchNoResultsDocument },
          result: { errors: [gatewayError('UPSTREAM_UNAVAILABLE', '服务繁忙')] },
        },
      ],
      route: '/category/search-result?keyword=xbox',
      path: '/category/search-result',
      locale: 'en-GB',
    });
    expect(await screen.findByText('No products match “xbox”')).toBeInTheDocument();
    await waitFor(() => expect(routeSkeleton()).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Popular Products' })).toBeNull();
  });

  it('does not search without words: a prompt instead, in both locales', async () => {
    await secureStorage.set('recentSearches', ['耳机']);
    const { unmount } = await renderRoute(<SearchResultPage />, {
      route: '/category/search-result?keyword=%20',
      path: '/category/search-result',
    });
    expect(screen.getByRole('heading', { level: 1, name: '搜索商品' })).toBeInTheDocument();
    expect(screen.getByText('请输入要搜索的商品名称或关键词')).toBeInTheDocument();
    expect(screen.queryByText(/的搜索结果/)).toBeNull();
    const recent = await screen.findByRole('navigation', { name: '最近搜索' });
    expect(within(recent).getByRole('link', { name: '耳机' })).toBeInTheDocument();
    unmount();
    await renderRoute(<SearchResultPage />, {
      route: '/category/search-result',
      path: '/category/search-result',
      locale: 'en-GB',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Search products' })).toBeInTheDocument();
    expect(screen.getByText('Type a product name or a few words to search for')).toBeInTheDocument();
    expect(screen.queryByText(/Search results for/)).toBeNull();
  });

  it('counts results in English', async () => {
    await renderRoute(<SearchResultPage />, {
      mocks: [searchMock('DEFAULT', 1, [hit(20)], 1)],
      route: '/category/search-result?keyword=%E6%89%8B%E6%9C%BA',
      path: '/category/search-result',
      locale: 'en-GB',
    });
    expect(await screen.findByText('1 product found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Relevance' })).toHaveAttribute('aria-current', 'true');
  });
});
