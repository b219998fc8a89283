/**
 * The page server's environment variables: the process that mounts it (the gateway) spreads them
 * into its own settings schema, so they are read, refused and documented with the rest of its
 * configuration (docs/configuration.md), and hands the parsed values to `pageSettingsFrom`.
 */
import path from 'node:path';
import { duration } from '@shop/common/settings/duration.ts';
import { flag } from '@shop/common/settings/flag.ts';
import { wholeNumber } from '@shop/common/settings/numbers.ts';
import { fromRepositoryRoot } from '@shop/common/settings/paths.ts';
import { optionalSetting, setting } from '@shop/common/settings/setting.ts';
import { text } from '@shop/common/settings/text.ts';

export const pageSettingsSchema = {
  WEB_DIST: optionalSetting(text, '`web/dist`', 'the built web app'),
  WEB_SSR: setting(
    flag,
    'true',
    'pages rendered on the server (see Server rendering); `false` serves the client-rendered `index.html`',
  ),
  WEB_SSR_BUNDLE: optionalSetting(
    text,
    '`dist-ssr/entry-server.js` beside `WEB_DIST`',
    "the web app's server entry, built by `npm run build`",
  ),
  WEB_SSR_STREAM_AFTER_MS: setting(
    duration('ms'),
    '150ms',
    'a page whose data is slower than this streams its shell (header, skeletons) first and each part as its data arrives; crawlers always get the complete page',
  ),
  WEB_SSR_DEADLINE_MS: setting(
    duration('ms'),
    '3s',
    "how long a page's shell data and critical data may take; past it the page answers `503` with `Retry-After` and `no-store`",
  ),
  WEB_SSR_PAGE_CACHE_ENTRIES: setting(
    wholeNumber(0),
    '500',
    'complete anonymous pages kept in memory for as long as their data may be shared; `0` renders every request',
  ),
};

export interface PageSettings {
  /** The built web app (index.html, its assets and their pre-compressed forms). */
  webDist: string;
  /** The web app's server entry; null when pages are rendered by the browser from index.html. */
  ssrBundle: string | null;
  /**
   * Milliseconds a server-rendered page whose data is slow waits for completion before its shell
   * is streamed (the rest follows boundary by boundary); crawlers always get the complete page.
   */
  streamAfterMs: number;
  /**
   * Milliseconds a page's shell and critical data may take; past them the page is answered 503
   * with Retry-After (an outage), never a guess such as 404.
   */
  deadlineMs: number;
  /** Complete anonymous pages kept in memory for their shared lifetime (0: every page is rendered). */
  pageCacheEntries: number;
}

export function pageSettingsFrom(s: {
  WEB_DIST?: string;
  WEB_SSR: boolean;
  WEB_SSR_BUNDLE?: string;
  WEB_SSR_STREAM_AFTER_MS: number;
  WEB_SSR_DEADLINE_MS: number;
  WEB_SSR_PAGE_CACHE_ENTRIES: number;
}): PageSettings {
  const webDist = fromRepositoryRoot(s.WEB_DIST, 'web/dist');
  return {
    webDist,
    ssrBundle: s.WEB_SSR
      ? s.WEB_SSR_BUNDLE
        ? path.resolve(s.WEB_SSR_BUNDLE)
        : path.join(path.dirname(webDist), 'dist-ssr/entry-server.js')
      : null,
    streamAfterMs: s.WEB_SSR_STREAM_AFTER_MS,
    deadlineMs: s.WEB_SSR_DEADLINE_MS,
    pageCacheEntries: s.WEB_SSR_PAGE_CACHE_ENTRIES,
  };
}
