/**
 * Complete anonymous pages kept for as long as their data may be shared, so a popular page costs
 * one render per lifetime instead of one per visitor: a hit answers in well under a millisecond
 * of CPU where a render of `/home` takes tens of milliseconds, and the first byte of a cold load
 * does not wait on the render. The pages live in a KeyValueCache the gateway hands over: this process's
 * memory, or Redis shared by every instance, so a page one instance rendered is served by all.
 *
 * What is stored is the page as rendered, minus its nonce, plus the hashes of its inline scripts
 * (the router's and the hydration state): a stored page is the same bytes for every visitor, so
 * its Content-Security-Policy allows those scripts by hash, and each instance compresses it once
 * per version instead of once per answer (a nonce would make every answer differ). The key
 * is everything the render read from the request besides the session (which such a page never
 * has): the build, the language, the address and the cookies the render reads (the web app's
 * `renderCookies`), so a visitor's other cookies neither split nor fill the cache; and the
 * catalogue's generation, so a catalogue change leaves every page kept before unread.
 *
 * What is read back is checked before it is used (stored-page.ts): an entry that is not a page
 * this gateway stored is a miss, never an error. A page lives as long as the data it was rendered
 * from had left (the caller says how long); past that it may still be served for a stale window
 * while one render replaces it (the caller decides the window: none for a page that shows stock).
 * Renders of one page are counted per instance: while one runs, `running` gives the others
 * something to wait for instead of a render of their own.
 */

import { createHash } from 'node:crypto';
import { InMemoryLRUCache, type KeyValueCache } from '@apollo/utils.keyvaluecache';
import { parse } from 'cookie';
import type { SharedScreen } from './bundle.ts';
import type { PageLog } from './context.ts';
import {
  readStoredPage,
  type StoredPage,
  type StoredPageBounds,
  type StoredPageFault,
} from './stored-page.ts';

export type { StoredPage };

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
  /** The longest lifetime a page is given (seconds): a stored page claiming more is not one of ours. */
  maxLifetimeSeconds?: number;
  /** The longest stale window a page is given (seconds); twice the lifetime unless told. */
  maxStaleSeconds?: number;
  /** Where a stored entry that is not a page is reported (once per kind of fault). */
  log?: PageLog;
  now?: () => number;
}

export class PageCache {
  private readonly store: KeyValueCache<string>;
  private readonly maxBytes: number;
  private readonly renderBoundMs: number;
  private readonly maxParsed: number;
  private readonly bounds: StoredPageBounds;
  private readonly log: PageLog | undefined;
  /** The kinds of bad entries already reported at warn (later ones go to debug). */
  private readonly warned = new Set<StoredPageFault>();
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
      options.store ??
      new InMemoryLRUCache<string>({
        max: options.maxEntries ?? 500,
        maxSize: this.maxBytes,
        sizeCalculation: (value) => Math.max(1, value.length),
      });
    this.renderBoundMs = options.renderBoundMs ?? 60_000;
    // the pages read most (each parsed copy is held beside its text)
    this.maxParsed = Math.min(options.maxEntries ?? 500, 100);
    const lifetimeSeconds = options.maxLifetimeSeconds ?? 3600;
    this.bounds = {
      maxChars: this.maxBytes,
      maxLifetimeMs: lifetimeSeconds * 1000,
      maxStaleMs: (options.maxStaleSeconds ?? 2 * lifetimeSeconds) * 1000,
    };
    this.log = options.log;
    this.now = options.now ?? Date.now;
  }

  static key(input: {
    build: number;
    /** The catalogue's generation: a catalogue change leaves the pages kept before unread. */
    generation?: number;
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
    return JSON.stringify([input.build, input.generation ?? 0, input.locale, input.url, read]);
  }

  /**
   * The stored page, fresh or within its stale window; undefined past both, and for an entry that
   * is not a page this gateway stored (a miss: the page is rendered and stored over it).
   */
  async lookup(key: string): Promise<Lookup | undefined> {
    const text = await this.store.get(key);
    if (text === undefined) {
      this.parsed.delete(key);
      return undefined;
    }
    const now = this.now();
    const page = this.parse(key, text, now);
    if (!page || page.staleUntil <= now) return undefined;
    return { page, fresh: page.expiresAt > now };
  }

  private parse(key: string, text: string, now: number): StoredPage | undefined {
    const last = this.parsed.get(key);
    if (last?.text === text) return last.page;
    this.parsed.delete(key);
    const read = readStoredPage(text, this.bounds, now);
    if ('fault' in read) {
      const level = this.warned.has(read.fault) ? 'debug' : 'warn';
      this.warned.add(read.fault);
      this.log?.[level](
        { cache: 'page', fault: read.fault, issue: read.issue, chars: text.length },
        'page cache entry is not a page this gateway stored: rendered instead',
      );
      return undefined;
    }
    // Within its bound, the page parsed longest ago first out.
    if (this.parsed.size >= this.maxParsed) this.parsed.delete(this.parsed.keys().next().value as string);
    this.parsed.set(key, { text, page: read.page });
    return read.page;
  }

  /**
   * Keeps a page for `lifetimeSeconds` (what is left of its data's lifetime: any fraction counts)
   * and may serve it for `staleSeconds` more while a render replaces it (nothing when the lifetime
   * is 0), both within the cache's bounds. `nonce` is the one the render wrote into the page; its
   * scripts are kept by hash instead.
   */
  set(
    key: string,
    page: {
      status: number;
      html: string;
      nonce: string;
      etag: string;
      screen?: SharedScreen | null;
    },
    lifetimeSeconds: number,
    staleSeconds = 0,
  ): Promise<void> {
    if (lifetimeSeconds <= 0 || page.status !== 200 || page.html.length > this.maxBytes)
      return Promise.resolve();
    const storedAt = this.now();
    const expiresAt = storedAt + Math.floor(Math.min(lifetimeSeconds * 1000, this.bounds.maxLifetimeMs));
    const staleUntil =
      expiresAt + Math.floor(Math.min(Math.max(0, staleSeconds) * 1000, this.bounds.maxStaleMs));
    const stored: StoredPage = {
      status: 200,
      ...withoutNonce(page.html, page.nonce),
      etag: page.etag,
      storedAt,
      expiresAt,
      staleUntil,
      ...(page.screen ? { screen: page.screen } : {}),
    };
    const write = this.store
      .set(key, JSON.stringify(stored), { ttl: (staleUntil - storedAt) / 1000 })
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
