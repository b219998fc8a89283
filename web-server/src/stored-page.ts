/**
 * A stored page read back from the page cache's store is data from outside the process: Redis is
 * shared by every gateway and anyone who can reach it can write there. So an entry is checked
 * before anything of it is sent (its shape, its size, script hashes that are hashes and nothing
 * else, a validator a header can carry, times that make sense for this gateway's settings), and
 * the answer's headers are the gateway's own: its Cache-Control comes from the page's remaining
 * lifetime within the gateway's bounds, its Content-Security-Policy is the gateway's policy plus
 * the page's script hashes. Nothing of an entry is ever sent as header text.
 */
import type { CacheControlValue } from '@tusbar/cache-control';
import { z } from 'zod';
import type { SharedScreen } from './bundle.ts';

export interface StoredPage {
  status: 200;
  /** The HTML as rendered, without the nonce attributes of its inline scripts. */
  html: string;
  /** CSP sources (`'sha256-…'`) of exactly the page's inline scripts. */
  scriptHashes: string[];
  /** The weak validator the page was sent with. */
  etag: string;
  storedAt: number;
  /** Fresh until then. */
  expiresAt: number;
  /** Served stale (while a render replaces it) until then; equal to expiresAt when never. */
  staleUntil: number;
  /** The page's screen, when it is the same for every visitor: signed-in pages reuse it. */
  screen?: SharedScreen;
}

/** What this gateway would ever have stored: anything beyond is not one of its pages. */
export interface StoredPageBounds {
  /** The most characters of HTML a page may have. */
  maxChars: number;
  /** The longest lifetime a page is given (the gateway's public max-age). */
  maxLifetimeMs: number;
  /** The longest stale window a page is given. */
  maxStaleMs: number;
}

/** The render writes the router's script and the hydration state; a few more is still a page. */
const MAX_SCRIPTS = 32;
/** Clocks of the gateways sharing one Redis may differ by this much. */
const CLOCK_SKEW_MS = 5_000;

/** A CSP hash source of a SHA-256 digest, and nothing that could widen the policy. */
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;
/** A weak validator as pageTag makes it (base64url digest): header-safe by construction. */
const WEAK_ETAG = /^W\/"[A-Za-z0-9_-]{1,64}"$/;

// The screen's parts are checked for their types and kept whole: fields the web app adds later pass.
const pageHead = z.looseObject({
  title: z.string(),
  description: z.string(),
  canonical: z.string(),
  alternates: z.array(z.looseObject({ hreflang: z.string(), href: z.string() })),
  meta: z.array(z.looseObject({ key: z.enum(['property', 'name']), name: z.string(), content: z.string() })),
  jsonLd: z.record(z.string(), z.unknown()).optional(),
  leadImage: z
    .looseObject({
      href: z.string(),
      srcSet: z.string().optional(),
      sizes: z.string().optional(),
      type: z.string().optional(),
    })
    .optional(),
});

const sharedScreen = z.looseObject({
  html: z.string(),
  state: z.record(z.string(), z.unknown()),
  styles: z.string(),
  head: pageHead,
});

const time = z.number().int().nonnegative();

function storedPageSchema(bounds: StoredPageBounds, now: number) {
  return z
    .object({
      // Only complete 200 pages are kept (render.ts).
      status: z.literal(200),
      html: z.string().max(bounds.maxChars),
      scriptHashes: z.array(z.string().regex(SCRIPT_HASH)).max(MAX_SCRIPTS),
      etag: z.string().regex(WEAK_ETAG),
      storedAt: time,
      expiresAt: time,
      staleUntil: time,
      screen: sharedScreen.optional(),
    })
    .refine(
      (page) =>
        page.storedAt <= now + CLOCK_SKEW_MS &&
        page.storedAt <= page.expiresAt &&
        page.expiresAt - page.storedAt <= bounds.maxLifetimeMs &&
        page.expiresAt <= page.staleUntil &&
        page.staleUntil - page.expiresAt <= bounds.maxStaleMs,
      { message: 'times out of order or beyond the lifetime this gateway gives a page' },
    );
}

export type StoredPageFault = 'json' | 'shape';

/** The page in `text`, or why it is not one this gateway stored. */
export function readStoredPage(
  text: string,
  bounds: StoredPageBounds,
  now: number,
): { page: StoredPage } | { fault: StoredPageFault; issue?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { fault: 'json' };
  }
  const result = storedPageSchema(bounds, now).safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0];
    return { fault: 'shape', issue: `${first?.path.join('.') || '(entry)'}: ${first?.message ?? ''}` };
  }
  return { page: result.data as StoredPage };
}

/**
 * The Cache-Control of a stored page as of `now`: fresh for what is left of its lifetime and
 * servable stale for what is left of its stale window, in whole seconds rounded down (so no cache
 * downstream keeps it a moment longer than the page cache would), within `maxAgeSeconds` and twice
 * that. The page's age is already taken off, so no `Age` goes with it.
 */
export function storedPageCacheControl(
  page: StoredPage,
  now: number,
  maxAgeSeconds: number,
): CacheControlValue {
  const fresh = Math.min(maxAgeSeconds, Math.max(0, Math.floor((page.expiresAt - now) / 1000)));
  const servable = Math.max(0, Math.floor((page.staleUntil - now) / 1000));
  const stale = Math.min(2 * maxAgeSeconds, servable - fresh);
  return { public: true, maxAge: fresh, staleWhileRevalidate: stale > 0 ? stale : null };
}
