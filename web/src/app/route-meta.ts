import { type UIMatch, useMatches } from 'react-router-dom';
import type { MessageId } from '../i18n/message-ids.ts';
import type { RouteServer } from './route-server.ts';

/** Per-route metadata (docs/product.md, "Screens and routes"): what the common layout shows, the title, the loading overlay. */
export interface RouteMeta {
  /** Message key of the page title; none for home (site title only). */
  title?: MessageId;
  showSearch: boolean;
  showCart: boolean;
  showTabBar: boolean;
  /** Page loading overlay on (default) or off. */
  loading: boolean;
  /** Visitors are sent to /login (keeping the place). */
  requiresAuth?: boolean;
  /** The screen sets the document title itself (menu routes: the server's menu name). */
  ownTitle?: boolean;
  /**
   * The screen shows every visitor the same thing (nothing of the session or the cart): the server
   * renders it once for everyone and puts it in each signed-in page's own header and footer.
   */
  publicScreen?: boolean;
}

export const DEFAULT_META: RouteMeta = { showSearch: true, showCart: true, showTabBar: true, loading: true };

export interface RouteHandle {
  meta?: Partial<RouteMeta>;
  /** The screen's module (a key of Vite's manifest): the server preloads its chunk with the page. */
  module?: string;
  /** The route's server module (route-server.ts): critical data and head, run by the server render. */
  server?: () => Promise<RouteServer>;
}

/** The deepest matched route's metadata merged over the defaults. */
export function metaFromMatches(matches: Array<Pick<UIMatch, 'handle'>>): RouteMeta {
  let meta: RouteMeta = { ...DEFAULT_META };
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.meta) meta = { ...meta, ...handle.meta };
  }
  return meta;
}

export function useRouteMeta(): RouteMeta {
  return metaFromMatches(useMatches());
}
