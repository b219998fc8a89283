/**
 * What a route knows about itself on the server, beside its screen: the data the page cannot be
 * answered without (awaited before the status is sent) and the head it describes itself with.
 * A route names its server module in its handle (`routes.tsx`); the server render runs it, the
 * browser never loads it. Everything the server decides about a page (status, redirect, title,
 * SEO tags, the screen chunk to preload) comes from the route table and these modules.
 */
import {
  type ApolloClient,
  CombinedGraphQLErrors,
  type OperationVariables,
  type TypedDocumentNode,
} from '@apollo/client';
import type { Params } from 'react-router-dom';
import type { Locale } from '../i18n/messages-collect.ts';

export interface RouteServerArgs {
  params: Params;
  url: URL;
  /** The render's client: what a route reads here is in the cache when its screen renders. */
  client: ApolloClient;
  locale: Locale;
  signedIn: boolean;
}

/** What a route's critical data decided: the page as matched (200), missing (404), or elsewhere. */
export type RouteVerdict = { status: 200 | 404 } | { status: 302; location: string };

/** Head tags a route adds for its own page (read from the cache its critical data filled). */
export interface RouteHead {
  /** The page's own title, before the site title ('<title> - <site title>'). */
  title?: string;
  description?: string;
  /** Open Graph type: 'product' for a product page. */
  ogType?: string;
  /**
   * The page's picture as an absolute URL (link previews) and as this origin's path (preload), with
   * its size when known and how wide the layout shows it (`sizes`, for the preload's choice).
   */
  image?: { url: string; src: string; width?: number | null; height?: number | null; sizes?: string };
  /** Extra `<meta property|name>` pairs (prices, …). */
  meta?: Array<{ key: 'property' | 'name'; name: string; content: string }>;
  /** A `twitter:title` other than the title (a product's with its price). */
  cardTitle?: string;
  jsonLd?: Record<string, unknown>;
}

export interface RouteHeadArgs extends RouteServerArgs {
  /** The page's canonical address (absolute). */
  canonical: string;
  /** A message of the page's language. */
  text: (id: string) => string;
}

export interface RouteServer {
  critical?(args: RouteServerArgs): Promise<RouteVerdict>;
  head?(args: RouteHeadArgs): RouteHead | undefined;
}

/** The service could not answer in time: the page is an outage (503), never a 404. */
export class UpstreamUnavailable extends Error {
  constructor(cause?: unknown) {
    super('the shop service did not answer the page', { cause });
    this.name = 'UpstreamUnavailable';
  }
}

const OUTAGE_CODES = new Set([
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_ERROR',
  'INTERNAL_SERVER_ERROR',
  'RATE_LIMITED',
]);

/**
 * The codes of a failed operation's errors; an outage (no answer, or an answer the gateway could
 * not use) is thrown as UpstreamUnavailable, since it says nothing about the thing asked for.
 */
export function refusalCodes(error: unknown): Set<string> {
  if (!error) return new Set();
  if (!CombinedGraphQLErrors.is(error)) throw new UpstreamUnavailable(error);
  const codes = new Set<string>();
  for (const graphQLError of error.errors) {
    const { code, messageKey } = (graphQLError.extensions ?? {}) as { code?: unknown; messageKey?: unknown };
    if (typeof code === 'string') codes.add(code);
    if (typeof messageKey === 'string') codes.add(messageKey);
  }
  if ([...codes].some((code) => OUTAGE_CODES.has(code))) throw new UpstreamUnavailable(error);
  return codes;
}

/**
 * A query's answer in the render's cache as its screen receives it: its own fields, fragments
 * masked (the head reads only what the screen's query selects itself; the cache holds more).
 */
export function readOwn<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
): TData | null {
  return client.cache.readQuery({ query, variables }) as TData | null;
}
