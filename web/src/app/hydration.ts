/** What a server-rendered page hands to the browser (written by web-server/src/template.ts). */
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { isLocale, type Locale } from '../i18n/messages-collect.ts';
import { routes } from './routes.tsx';

export interface ServerRenderedState {
  locale: Locale;
  /** The Apollo cache the server's render filled. */
  apollo: unknown;
}

declare global {
  interface Window {
    __SHOP_SSR__?: { locale?: string; apollo?: unknown };
  }
}

export function serverRenderedState(): ServerRenderedState | null {
  const state = typeof window === 'undefined' ? undefined : window.__SHOP_SSR__;
  if (!state || !isLocale(state.locale)) return null;
  return { locale: state.locale, apollo: state.apollo };
}

/**
 * The lazy screens of the current URL, loaded before hydrating: the router then renders the same
 * tree the server did instead of its fallback (which would not match the HTML).
 */
export async function loadServerRenderedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
