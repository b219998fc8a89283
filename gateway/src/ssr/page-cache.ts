/**
 * Complete anonymous pages kept for as long as their data may be shared, so a popular page costs
 * one render per lifetime instead of one per visitor: a hit answers in well under a millisecond
 * of CPU where a render of `/home` takes tens of milliseconds, and the first byte of a cold load
 * does not wait on the render. The pages live in a KeyValueCache (cache/store.ts): this process's
 * memory, or Redis shared by every instance, so a page one instance rendered is served by all.
 *
 * What is stored is the page as rendered, minus its nonce, plus the hashes of its inline scripts
 * (the router's and the hydration state): a stored page is the same bytes for every visitor, so
 * its Content-Security-Policy allows those scripts by hash, and each instance compresses it once
 * per version instead of once per answer (a nonce would make every answer differ). The key
 * is everything the render read from the request besides the session (which such a page never
 * has): the build, the language, the address and the cookies the render reads (the web app's
 * `renderCookies`), so a visitor's other cookies neither split nor fill the cache.
 *
 * Past its lifetime a page may still be served for a stale window while one render replaces it
 * (the caller decides the window: none for a page that shows stock). Renders of one page are
 * counted per instance: while one runs, `running` gives the others something to wait for instead
 * of a render of their own.
 */

import { createHash } from 'node:crypto';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { parse } from 'cookie';
import { memoryStore } from '../cache/store.ts';
import type { SharedScreen } from './bundle.ts';

export interface StoredPage {
  status: number;
  /** The HTML as rendered, without the nonce attributes of its inline scripts. */
  html: string;
  /** CSP sources (`'sha256-…'`) of exactly the page's inline scripts. */
  scriptHashes: string[];
  /** The weak validator the page was sent with. */
  etag: string;
  /** The Cache-Control header the page was sent with. */
  cacheControl: string;
  storedAt: number;
  /** Fresh until then. */
  expiresAt: number;
  /** Served stale (while a render replaces it) until then; equal to expiresAt when never. */
  staleUntil: number;
  /** The page's screen, when it is the same for every visitor: signed-in pages reuse it. */
  screen?: SharedScreen;
}

/** A stored page, and whether it is still within its lifetime. */
export interface Lookup {
  page: StoredPage;
  fresh: boolean;
}

export interface PageCacheOptions {
  /** Where pages are kept; by default this process's memory within maxEntries and maxBytes. */
  store?: KeyValueCache<string>;
  /** At most this many pages in memory (least recently used go first). */
  maxEntries?: number;
  /** At most this many characters of HTML in memory in all, and in any one page wherever it is kept. */
  maxBytes?: number;
  /**
   * A render no one reported the end of (a lost response) stops counting as running after this
   * long, so the page is rendered again instead of waited for forever.
   */
  renderBoundMs?: number;
  now?: () => number;
}

export class PageCache {
  private readonly store: KeyValueCache<string>;
  private readonly maxBytes: number;
  private readonly renderBoundMs: number;
  private readonly maxParsed: number;
  private readonly now: () => number;
  /** The render of each page running on this instance, settled once what it kept is stored. */
  private readonly renders = new Map<string, Promise<void>>();
  /** Writes under way, so a render counts as ended only once its page can be read. */
  private readonly writes = new Map<string, Promise<void>>();
  /**
   * The last page read for each key, parsed: a stored page is text (Redis keeps nothing else),
   * and parsing a page with its state costs more than comparing the text with the last one.
   */
  private readonly parsed = new Map<string, { text: string; page: StoredPage }>();

  constructor(options: PageCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.store =
      options.store ?? memoryStore({ maxEntries: options.maxEntries ?? 500, maxSize: this.maxBytes });
    this.renderBoundMs = options.renderBoundMs ?? 60_000;
    // the pages read most (each parsed copy is held beside its text)
    this.maxParsed = Math.min(options.maxEntries ?? 500, 100);
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

  /** The stored page, fresh or within its stale window; undefined past both. */
  async lookup(key: string): Promise<Lookup | undefined> {
    const text = await this.store.get(key);
    if (text === undefined) {
      this.parsed.delete(key);
      return undefined;
    }
    const page = this.parse(key, text);
    const now = this.now();
    if (page.staleUntil <= now) return undefined;
    return { page, fresh: page.expiresAt > now };
  }

  private parse(key: string, text: string): StoredPage {
    const last = this.parsed.get(key);
    if (last?.text === text) return last.page;
    const page = JSON.parse(text) as StoredPage;
    // Within its bound, the page parsed longest ago first out.
    if (this.parsed.size >= this.maxParsed) this.parsed.delete(this.parsed.keys().next().value as string);
    this.parsed.delete(key);
    this.parsed.set(key, { text, page });
    return page;
  }

  /**
   * Keeps a page for `lifetimeSeconds` and may serve it for `staleSeconds` more while a render
   * replaces it (nothing when the lifetime is 0). `nonce` is the one the render wrote into the
   * page; its scripts are kept by hash instead.
   */
  set(
    key: string,
    page: {
      status: number;
      html: string;
      nonce: string;
      etag: string;
      cacheControl: string;
      screen?: SharedScreen | null;
    },
    lifetimeSeconds: number,
    staleSeconds = 0,
  ): Promise<void> {
    if (lifetimeSeconds <= 0 || page.html.length > this.maxBytes) return Promise.resolve();
    const storedAt = this.now();
    const expiresAt = storedAt + lifetimeSeconds * 1000;
    const stored: StoredPage = {
      status: page.status,
      ...withoutNonce(page.html, page.nonce),
      etag: page.etag,
      cacheControl: page.cacheControl,
      storedAt,
      expiresAt,
      staleUntil: expiresAt + Math.max(0, staleSeconds) * 1000,
      ...(page.screen ? { screen: page.screen } : {}),
    };
    const write = this.store
      .set(key, JSON.stringify(stored), { ttl: lifetimeSeconds + Math.max(0, staleSeconds) })
      .finally(() => {
        if (this.writes.get(key) === write) this.writes.delete(key);
      });
    this.writes.set(key, write);
    return write;
  }

  /** The render of `key` running on this instance, if one is. */
  running(key: string): Promise<void> | undefined {
    return this.renders.get(key);
  }

  /**
   * Counts a render of `key` as running until the returned function is called (again: nothing)
   * or `renderBoundMs` passes; what it stored by then is readable when `running` settles.
   */
  begin(key: string): () => void {
    let settle!: () => void;
    const render = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.renders.set(key, render);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearTimeout(bound);
      const write = this.writes.get(key) ?? Promise.resolve();
      void write.then(() => {
        if (this.renders.get(key) === render) this.renders.delete(key);
        settle();
      });
    };
    const bound = setTimeout(end, this.renderBoundMs);
    bound.unref();
    return end;
  }

  /** Seconds since the page was rendered, for the Age header. */
  age(page: StoredPage): number {
    return Math.max(0, Math.floor((this.now() - page.storedAt) / 1000));
  }
}

/**
 * The page without the render's nonce, and the hashes of the scripts that carried it: the render
 * writes each inline script as `<script nonce="…">…</script>`, and a script's text never holds
 * `</script>` (the state is escaped for that).
 */
export function withoutNonce(html: string, nonce: string): { html: string; scriptHashes: string[] } {
  const opening = `<script nonce="${nonce}">`;
  const scriptHashes: string[] = [];
  for (let at = html.indexOf(opening); at !== -1; at = html.indexOf(opening, at + 1)) {
    const start = at + opening.length;
    const end = html.indexOf('</script>', start);
    if (end === -1) break;
    const text = html.slice(start, end);
    scriptHashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return { html: html.replaceAll(` nonce="${nonce}"`, ''), scriptHashes };
}
