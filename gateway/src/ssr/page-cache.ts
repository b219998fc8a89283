/**
 * Complete anonymous pages kept in memory for as long as their data may be shared, so a popular
 * page costs one render per lifetime instead of one per visitor: a hit answers in well under a
 * millisecond of CPU where a render of `/home` takes tens of milliseconds, and the first byte of
 * a cold load does not wait on the render.
 *
 * What is stored is the page as rendered, minus its nonce: each answer gets a fresh one (in its
 * inline scripts and in its Content-Security-Policy), so no two responses share a nonce. The key
 * is everything the render read from the request besides the session (which such a page never
 * has): the build, the language, the address and the cookies the render reads (the web app's
 * `renderCookies`), so a visitor's other cookies neither split nor fill the cache.
 */
import { parse } from 'cookie';
import { LRUCache } from 'lru-cache';

export interface StoredPage {
  status: number;
  /** The HTML split at each occurrence of the render's nonce. */
  parts: string[];
  /** The weak validator the page was sent with. */
  etag: string;
  /** The Cache-Control header the page was sent with. */
  cacheControl: string;
  storedAt: number;
  expiresAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  /** At most this many pages (least recently used go first). */
  maxEntries?: number;
  /** At most this many characters of HTML in all. */
  maxBytes?: number;
  now?: () => number;
}

export class PageCache {
  /** Bounded by count and by characters of HTML; least recently used pages go first. */
  private readonly entries: LRUCache<string, StoredPage>;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.entries = new LRUCache<string, StoredPage>({
      max: options.maxEntries ?? 500,
      maxSize: this.maxBytes,
      sizeCalculation: (page) => Math.max(1, page.bytes),
    });
    this.now = options.now ?? Date.now;
  }

  static key(input: {
    build: number;
    locale: string;
    url: string;
    cookie: string | undefined;
    /** The names of the cookies the render reads; unknown (a bundle that does not say): all of them. */
    readCookies: readonly string[] | undefined;
  }): string {
    const jar = input.cookie ? parse(input.cookie) : {};
    const read = input.readCookies
      ? input.readCookies.map((name) => jar[name] ?? null)
      : (input.cookie ?? '');
    return JSON.stringify([input.build, input.locale, input.url, read]);
  }

  /** A fresh page, or undefined (an expired one is dropped). */
  get(key: string): StoredPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /**
   * Keeps a page for `lifetimeSeconds` (nothing when it is 0). `nonce` is the one the render
   * wrote into the page; it is cut out so every answer can carry its own.
   */
  set(
    key: string,
    page: { status: number; html: string; nonce: string; etag: string; cacheControl: string },
    lifetimeSeconds: number,
  ): void {
    if (lifetimeSeconds <= 0 || page.html.length > this.maxBytes) return;
    const storedAt = this.now();
    this.entries.set(key, {
      status: page.status,
      parts: page.html.split(page.nonce),
      etag: page.etag,
      cacheControl: page.cacheControl,
      storedAt,
      expiresAt: storedAt + lifetimeSeconds * 1000,
      bytes: page.html.length,
    });
  }

  /** The stored page with `nonce` wherever the render's nonce stood. */
  static html(page: StoredPage, nonce: string): string {
    return page.parts.join(nonce);
  }

  /** Seconds since the page was rendered, for the Age header. */
  age(page: StoredPage): number {
    return Math.max(0, Math.floor((this.now() - page.storedAt) / 1000));
  }

  get size(): number {
    return this.entries.size;
  }
}
