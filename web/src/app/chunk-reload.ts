/**
 * A screen whose code could not be downloaded. After a deploy the page's old chunk names are gone
 * from the server, and loading the page again fetches the new ones; during an outage a reload
 * would replace the shop (its header, its retry) with the browser's error page. So the page is
 * reloaded only when the server answers, and by itself only once per address: the attempt is
 * remembered in sessionStorage, and a chunk still missing after that reload shows the route's
 * retry instead of reloading again.
 */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useToast } from '../components/toast.tsx';

/** The messages browsers give a failed dynamic import (Chromium and Firefox, Safari) and a failed CSS preload. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Loading the page again: the browser's navigation, the edge the tests stand in for. */
export const page = { reload: () => window.location.reload() };

const KEY = 'shop.chunkReload:';
/** A reload for the same address this recent is the one that did not help. */
const ONCE_MS = 60_000;

/** Whether the server that serves the code answers (a deploy), rather than being away (an outage). */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/healthz', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/** Reloads the page when the server answers; resolves false (nothing reloaded) when it does not. */
export async function reloadIfServerAnswers(): Promise<boolean> {
  if (!(await serverAnswers())) return false;
  page.reload();
  return true;
}

/** The first time a chunk fails on this address (in a while), reloads it if the server answers. */
export async function reloadOnceForChunk(error: unknown): Promise<boolean> {
  if (!isChunkLoadError(error)) return false;
  const key = KEY + window.location.pathname + window.location.search;
  try {
    const last = Number(sessionStorage.getItem(key));
    if (last && Date.now() - last < ONCE_MS) return false;
    if (!(await serverAnswers())) return false;
    sessionStorage.setItem(key, String(Date.now()));
  } catch {
    return false; // no storage to remember the attempt in: never risk a loop
  }
  page.reload();
  return true;
}

/** For an error shown with a retry: a chunk that failed reloads the page once by itself. */
export function useChunkReload(error: unknown): void {
  useEffect(() => {
    void reloadOnceForChunk(error);
  }, [error]);
}

/** A retry that loads the page again once the server answers; while it does not, says the network is down. */
export function useReloadRetry(): () => void {
  const intl = useIntl();
  const toast = useToast();
  return () =>
    void reloadIfServerAnswers().then((reloaded) => {
      if (!reloaded) toast.error(intl.formatMessage({ id: 'app.networkError' }));
    });
}
