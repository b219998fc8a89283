/**
 * What React reports when the HTML it takes over is not what it renders, collected from a page's
 * console and errors while a suite walks its screens. The accessibility scan and the hydration
 * suite share it, so a screen one of them loads is checked for both.
 */
import type { Page } from 'playwright-core';

/** A browser's user agent: a crawler's would be sent the complete page, never streamed. */
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** A time zone other than the server's: a date formatted in either zone would differ. */
export const BROWSER_TIME_ZONE = 'America/New_York';

/** React's hydration errors and warnings, minified and development texts. */
export const HYDRATION_PROBLEM =
  /Minified React error #(418|419|421|422|423|425)\b|Hydration failed|did not match|hydrated but some attributes|Text content does not match|hydrat(ion|ing) (error|mismatch)|server rendered (HTML|text)/i;

export interface HydrationWatch {
  /** The problems seen since the last call, each with the address it was seen on. */
  drain(): string[];
}

/** Listens on `page` for as long as it lives, across navigations. */
export function watchHydration(page: Page): HydrationWatch {
  let problems: string[] = [];
  page.on('console', (message) => {
    if (HYDRATION_PROBLEM.test(message.text()))
      problems.push(`${page.url()} console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_PROBLEM.test(`${error.message}\n${error.stack}`))
      problems.push(`${page.url()} pageerror: ${error.message}`);
  });
  return {
    drain() {
      const seen = problems;
      problems = [];
      return seen;
    },
  };
}
