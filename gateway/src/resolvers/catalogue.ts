import { maybeCacheControlFromInfo } from '@apollo/cache-control-types';
import type { RestCategory } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import type { ProductSort, Resolvers } from '../__generated__/resolvers.ts';
import { pageQuery } from './helpers.ts';
import { imageOf } from './images.ts';

const findBySlug = (categories: RestCategory[], slug: string): RestCategory | null => {
  for (const category of categories) {
    if (category.cardName === slug) return category;
    const child = findBySlug(category.children ?? [], slug);
    if (child) return child;
  }
  return null;
};

const sortOf = (sort: ProductSort | null | undefined) => sort ?? 'default';

/** Categories and products: public, cacheable, products batched through the productById loader. */
export const catalogueResolvers: Resolvers = {
  Query: {
    categories: (_root, _args, ctx) => ctx.loaders.categories.load('tree'),
    category: async (_root, { cardName }, ctx) =>
      findBySlug(await ctx.loaders.categories.load('tree'), cardName),
    products: (_root, { filter, page }, ctx) =>
      ctx.shop.call(routes.catalogue.products, {
        query: {
          categoryId: filter?.categoryId ?? undefined,
          cardName: filter?.cardName ?? undefined,
          keyword: filter?.keyword ?? undefined,
          sort: sortOf(filter?.sort),
          ...pageQuery(page),
        },
      }),
    searchProducts: (_root, { keyword, sort, page }, ctx) =>
      ctx.shop.call(routes.catalogue.products, {
        query: { keyword, sort: sortOf(sort), ...pageQuery(page) },
      }),
    productSearch: async (_root, { keyword, filter, sort, page }, ctx) => {
      const query = {
        categoryId: filter?.categoryId ?? undefined,
        cardName: filter?.cardName ?? undefined,
        minPrice: filter?.minPrice ?? undefined,
        maxPrice: filter?.maxPrice ?? undefined,
      };
      const found = await ctx.shop.call(routes.catalogue.products, {
        query: { ...query, keyword, sort: sort ?? 'relevance', ...pageQuery(page) },
      });
      return { page: found, keyword, filter: query };
    },
    searchSuggestions: (_root, { keyword }, ctx) =>
      keyword.trim() ? ctx.shop.call(routes.catalogue.suggestions, { query: { keyword } }) : [],
    hotProducts: (_root, { page }, ctx) => ctx.shop.call(routes.catalogue.hot, { query: pageQuery(page) }),
    newProducts: (_root, { page }, ctx) => ctx.shop.call(routes.catalogue.newest, { query: pageQuery(page) }),
    product: (_root, { id }, ctx) => ctx.shop.call(routes.catalogue.product, { params: { id } }),
  },
  ProductSearchResult: {
    hits: (result) => result.page.records,
    total: (result) => result.page.total,
    pageNum: (result) => result.page.pageNum,
    pageSize: (result) => result.page.pageSize,
    interpretedKeyword: (result) => result.page.interpretedKeyword ?? null,
    facets: (result, _args, ctx) =>
      ctx.shop.call(routes.catalogue.facets, { query: { ...result.filter, keyword: result.keyword } }),
  },
  ProductSearchHit: {
    product: (product) => product,
    // Every record of a keyword search carries its match; an empty one is only a safeguard.
    match: (product) =>
      product.match ?? {
        language: 'shopper',
        nameRanges: [],
        descriptionRanges: [],
        otherName: null,
        otherNameRanges: [],
      },
  },
  Category: {
    children: (category) => category.children ?? [],
    iconImage: (category, _args, ctx) => imageOf(ctx, category.icon, category.name),
  },
  Product: {
    // Stock moves with every order: an answer showing it is kept by no cache past the stock bound.
    stock: (product, _args, ctx, info) => {
      maybeCacheControlFromInfo(info)?.setCacheHint({ maxAge: ctx.stockMaxAge });
      return product.stock;
    },
    images: (product) => product.images ?? [product.image],
    featuredImage: (product, _args, ctx) => imageOf(ctx, product.image, product.name),
    gallery: (product, _args, ctx) =>
      (product.images ?? [product.image]).map((address) => imageOf(ctx, address, product.name)),
  },
};
