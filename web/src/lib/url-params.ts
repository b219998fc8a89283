import { type MouseEvent, useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/** `?page=` as a page number: 1 for anything missing, malformed or below 1. */
export function parsePage(value: string | null): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * The URL's query (filters, tab, page) and an `update` that changes some keys and keeps the
 * rest; `null` or '' removes a key. Lists keep their state in the URL so reloads, shared links
 * and the back button keep it.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      });
    },
    [setParams],
  );
  return [params, update] as const;
}

/**
 * The address of this page with some query keys changed (same rules as `update`), for links that
 * work without JavaScript: a pager's pages, a list's orders, a search's filters.
 */
export function useHrefWith() {
  const location = useLocation();
  return useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      const search = next.toString();
      return search ? `${location.pathname}?${search}` : location.pathname;
    },
    [location.pathname, location.search],
  );
}

/**
 * The click handler of such a link: a plain click stays in the app (`choose`, the same change the
 * script makes); a click that opens a new tab or window is left to the browser.
 */
export function inAppClick(choose: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    choose();
  };
}
