import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

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
