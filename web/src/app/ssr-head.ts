/**
 * What the server puts in a page's <head>: the title the client would set (route title + site
 * title), a description, the canonical URL and, for a product, Open Graph / Twitter tags and
 * schema.org Product JSON-LD, for a category its name and its first product's picture, read
 * from the cache the render filled.
 */
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { UIMatch } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../../common/paging.ts';
import {
  CategoryGoodsPageDocument,
  GoodsDetailPageDocument,
  ShellDocument,
} from '../__generated__/graphql.ts';
import { parseSort } from '../features/product/useListParams.ts';
import type { Locale } from '../i18n/LocaleProvider.tsx';
import { catalogues } from '../i18n/messages-collect.ts';
import { parsePage } from '../lib/url-params.ts';
import { documentTitle } from './NavigationEffects.tsx';
import { metaFromMatches } from './route-meta.ts';

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** `<meta property|name=… content=…>` pairs (Open Graph, Twitter). */
  meta: Array<{ key: 'property' | 'name'; name: string; content: string }>;
  jsonLd?: Record<string, unknown>;
  /** Overrides the router's status (404 for the not-found page or a missing product). */
  status?: number;
  /** The lead image of the page, preloaded. */
  leadImage?: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

const absolute = (origin: string, src: string | null | undefined) =>
  src ? new URL(src, `${origin}/`).toString() : undefined;

/**
 * A query's answer as the screen received it: its own fields, fragments masked. The head reads
 * only what the screen's query selects itself (the cache holds more).
 */
function readOwn<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): TData | null {
  return client.cache.readQuery({ query, variables }) as TData | null;
}

export function pageHead(input: {
  matches: Array<Pick<UIMatch, 'handle' | 'params' | 'pathname'>>;
  client: ApolloClient;
  locale: Locale;
  origin: string;
  url: URL;
}): PageHead {
  const { matches, client, locale, origin, url } = input;
  const text = (id: string) => catalogues[locale][id] ?? id;
  const routeMeta = metaFromMatches(matches);
  const shell = readOwn(client, ShellDocument);
  const siteTitle = shell?.config.siteTitle || text('app.siteTitle');
  const canonical = `${origin}${url.pathname}${url.search}`;
  const head: PageHead = {
    title: documentTitle(routeMeta.title ? text(routeMeta.title) : undefined, siteTitle),
    description: text('app.siteDescription'),
    canonical,
    meta: [],
  };
  if (url.pathname === '/404') head.status = 404;

  const productId = matches.at(-1)?.params.productId;
  if (productId && /(goods-detail|goods\/detail)\//.test(url.pathname)) {
    const product = readOwn(client, GoodsDetailPageDocument, { id: productId.trim() })?.product;
    if (!product) return { ...head, status: 404 };
    const price = yuan(product.price.fen);
    const picture = absolute(origin, product.featuredImage.url);
    head.description = (product.description || product.name).slice(0, 160);
    head.leadImage = product.featuredImage.url;
    head.meta.push(
      { key: 'property', name: 'og:type', content: 'product' },
      { key: 'property', name: 'og:title', content: product.name },
      { key: 'property', name: 'og:description', content: head.description },
      { key: 'property', name: 'og:url', content: canonical },
      { key: 'property', name: 'og:site_name', content: siteTitle },
      { key: 'property', name: 'product:price:amount', content: price },
      { key: 'property', name: 'product:price:currency', content: 'CNY' },
      { key: 'name', name: 'twitter:card', content: 'summary_large_image' },
      { key: 'name', name: 'twitter:title', content: `${product.name} ¥${price}` },
      { key: 'name', name: 'twitter:description', content: head.description },
    );
    if (picture) {
      head.meta.push(
        { key: 'property', name: 'og:image', content: picture },
        { key: 'name', name: 'twitter:image', content: picture },
      );
    }
    head.jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: head.description,
      sku: product.id,
      ...(picture ? { image: [picture] } : {}),
      offers: {
        '@type': 'Offer',
        url: canonical,
        price,
        priceCurrency: 'CNY',
        availability:
          product.onShelf && product.stock > 0
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
      },
    };
    return head;
  }
  let title = head.title;
  let picture: string | undefined;
  const cardName = matches.at(-1)?.params.cardName;
  if (cardName && url.pathname.startsWith('/category/detail/')) {
    // the variables the screen asked with (its sort and page come from the address)
    const page = readOwn(client, CategoryGoodsPageDocument, {
      cardName,
      sort: parseSort(url.searchParams.get('sort')),
      page: { pageNum: parsePage(url.searchParams.get('page')), pageSize: DEFAULT_PAGE_SIZE },
    });
    if (page?.category) {
      title = page.category.name;
      head.description = `${page.category.name} · ${head.description}`;
      const lead = page.products.records.find((record) => record.featuredImage.url)?.featuredImage.url;
      picture = absolute(origin, lead);
      head.leadImage = lead;
    }
  }
  head.meta.push(
    { key: 'property', name: 'og:type', content: 'website' },
    { key: 'property', name: 'og:title', content: title },
    { key: 'property', name: 'og:description', content: head.description },
    { key: 'property', name: 'og:url', content: canonical },
    { key: 'property', name: 'og:site_name', content: siteTitle },
    { key: 'name', name: 'twitter:card', content: picture ? 'summary_large_image' : 'summary' },
    { key: 'name', name: 'twitter:title', content: title },
  );
  if (picture) {
    head.meta.push(
      { key: 'property', name: 'og:image', content: picture },
      { key: 'name', name: 'twitter:image', content: picture },
    );
  }
  return head;
}
