/**
 * What the server puts in a page's <head>: the title the browser would set (route title + site
 * title), a description, the canonical address and its other languages (hreflang, og:locale), and
 * the Open Graph / Twitter tags; a route's server module adds its own (a product's name, price,
 * picture and JSON-LD, a category's name), read from the cache the render filled.
 */
import type { ApolloClient } from '@apollo/client';
import { pictureVariant } from '@shop/common/pictures.ts';
import type { Params } from 'react-router-dom';
import { ShellDocument } from '../__generated__/graphql.ts';
import { pictureSources } from '../components/Picture.tsx';
import { LOCALES, type Locale, plainText } from '../i18n/messages-collect.ts';
import { documentTitle } from './NavigationEffects.tsx';
import type { RouteMeta } from './route-meta.ts';
import { type RouteHead, type RouteServer, readOwn } from './route-server.ts';

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** The same page in each language, and the address that picks one for the visitor (x-default). */
  alternates: Array<{ hreflang: string; href: string }>;
  /** `<meta property|name=… content=…>` pairs (Open Graph, Twitter). */
  meta: Array<{ key: 'property' | 'name'; name: string; content: string }>;
  jsonLd?: Record<string, unknown>;
  /** The lead picture of the page, preloaded: its address on this origin, or the variants the page offers. */
  leadImage?: LeadImage;
}

/**
 * A `<link rel=preload as=image>`: the variant set the page's <picture> offers first (AVIF), so the
 * browser preloads the very file the layout's `sizes` picks; a picture without variants by its address.
 */
export interface LeadImage {
  href: string;
  srcSet?: string;
  sizes?: string;
  type?: string;
}

/** The width link previews ask for (Facebook, X, LinkedIn show 1200 px wide pictures, never SVG). */
const SHARE_WIDTH = 1200;

function leadImageOf(picture: NonNullable<RouteHead['image']>): LeadImage {
  const variants = pictureSources(picture.src);
  const first = variants?.sources[0];
  if (!variants || !first) return { href: picture.src };
  return { href: variants.fallback.src, srcSet: first.srcSet, sizes: picture.sizes, type: first.type };
}

/** The og:image tags: a 1200-px JPEG with its size when the shop makes variants of the picture. */
function shareImageMeta(picture: NonNullable<RouteHead['image']>): PageHead['meta'] {
  const size = { width: picture.width ?? null, height: picture.height ?? null };
  const variant = pictureVariant(picture.url, size, { maxWidth: SHARE_WIDTH, format: 'jpg' });
  const url = variant?.address ?? picture.url;
  return [
    { key: 'property', name: 'og:image', content: url },
    ...(variant ? [{ key: 'property' as const, name: 'og:image:type', content: 'image/jpeg' }] : []),
    ...(variant?.width && variant.height
      ? [
          { key: 'property' as const, name: 'og:image:width', content: String(variant.width) },
          { key: 'property' as const, name: 'og:image:height', content: String(variant.height) },
        ]
      : []),
    { key: 'name', name: 'twitter:image', content: url },
  ];
}

/** The query parameter that asks for a language (`?lang=en-GB`): the address of one language version. */
export const LANG_PARAM = 'lang';

/** The page's address in one language (`?lang=`), or with the visitor's choice left to the server. */
function addressIn(origin: string, url: URL, locale: Locale | null): string {
  const params = new URLSearchParams(url.search);
  params.delete(LANG_PARAM);
  if (locale) params.set(LANG_PARAM, locale);
  const query = params.toString();
  return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
}

const ogLocale = (locale: Locale) => locale.replace('-', '_');

export function pageHead(input: {
  meta: RouteMeta;
  server: RouteServer | undefined;
  params: Params;
  client: ApolloClient;
  locale: Locale;
  origin: string;
  url: URL;
  signedIn: boolean;
}): PageHead {
  const { client, locale, origin, url } = input;
  const text = (id: string) => plainText(locale, id);
  const shell = readOwn(client, ShellDocument);
  const siteTitle = shell?.config.siteTitle || text('app.siteTitle');
  // Each address is its own canonical: a language's (`?lang=`) names that language, the bare one
  // (the x-default alternate, the one the sitemap lists) leaves the language to the visitor.
  const canonical = addressIn(origin, url, url.searchParams.has(LANG_PARAM) ? locale : null);
  const own: RouteHead =
    input.server?.head?.({
      params: input.params,
      url,
      client,
      locale,
      signedIn: input.signedIn,
      canonical,
      text,
    }) ?? {};
  const routeTitle = own.title ?? (input.meta.title ? text(input.meta.title) : undefined);
  const title = documentTitle(routeTitle, siteTitle);
  const description = own.description ?? text('app.siteDescription');
  const picture = own.image;
  const meta: PageHead['meta'] = [
    { key: 'property', name: 'og:type', content: own.ogType ?? 'website' },
    { key: 'property', name: 'og:title', content: routeTitle ?? siteTitle },
    { key: 'property', name: 'og:description', content: description },
    { key: 'property', name: 'og:url', content: canonical },
    { key: 'property', name: 'og:site_name', content: siteTitle },
    { key: 'property', name: 'og:locale', content: ogLocale(locale) },
    ...LOCALES.filter((other) => other !== locale).map((other) => ({
      key: 'property' as const,
      name: 'og:locale:alternate',
      content: ogLocale(other),
    })),
    ...(own.meta ?? []),
    { key: 'name', name: 'twitter:card', content: picture ? 'summary_large_image' : 'summary' },
    { key: 'name', name: 'twitter:title', content: own.cardTitle ?? routeTitle ?? siteTitle },
    { key: 'name', name: 'twitter:description', content: description },
  ];
  if (picture) {
    meta.push(...shareImageMeta(picture));
  }
  return {
    title,
    description,
    canonical,
    alternates: [
      ...LOCALES.map((other) => ({ hreflang: other, href: addressIn(origin, url, other) })),
      { hreflang: 'x-default', href: addressIn(origin, url, null) },
    ],
    meta,
    jsonLd: own.jsonLd,
    leadImage: picture ? leadImageOf(picture) : undefined,
  };
}
