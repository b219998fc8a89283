/**
 * Server rendering of the storefront's pages: each page request is rendered by the web app's
 * server entry with its data (GraphQL run in-process against the gateway's own Apollo Server,
 * with the request's session, through the same pipeline and safelist), streamed, and hydrated by the browser from
 * the state sent with it. Mounted where web-app.ts serves index.html; anything it cannot render
 * (no build, a render failure) gets the client-rendered index.html instead.
 */
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import { edgeHeaders } from '@shop/common/edge-cache.ts';
import { brotliParams, compressWhole, type Effort, gzipOptions } from '@shop/common/http/compress.ts';
import { addVary, type Encoding, negotiateEncoding } from '@shop/common/http/encoding.ts';
import { chooseLocale } from '@shop/common/locale.ts';
import { sameSitePath } from '@shop/common/redirect-target.ts';
import { type CacheControlValue, format, parse } from '@tusbar/cache-control';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import fresh from 'fresh';
import type { FormattedExecutionResult } from 'graphql';
import { isbot } from 'isbot';
import { type FormFile, type InProcessOperation, ServerBundleLoader, type SharedScreen } from './bundle.ts';
import {
  contextInputOf,
  type ExecuteOperation,
  type PageContextInput,
  type PageLog,
  type PageUpload,
} from './context.ts';
import { PageCache, type StoredPage } from './page-cache.ts';
import { detachedExchange, isRevalidation } from './revalidate.ts';
import { storedPageCacheControl } from './stored-page.ts';
import { lookUpPage, traceRender } from './telemetry.ts';
import { PageTemplate } from './template.ts';

export interface SsrOptions<Context> {
  /** Stores a file a form carried, with the page request's context (the process's upload); absent: none. */
  upload?: PageUpload<Context>['send'];
  /** The built server entry (web/dist-ssr/entry-server.js). */
  bundleFile: string;
  webDist: string;
  publicOrigin: string;
  /** Runs one operation in-process with a request's context, through the whole GraphQL pipeline. */
  execute: ExecuteOperation<Context>;
  /** The GraphQL context of a request (session, DataLoaders, limits), as /graphql builds it. */
  buildContext: (input: PageContextInput) => Promise<Context>;
  /** The session cookie's name: a request carrying it gets a personal page. */
  sessionCookie: string;
  log: PageLog;
  /** Seconds an anonymous page may be reused (shared caches); the page is revalidated after. */
  maxAgeSeconds?: number;
  /**
   * Seconds at most the edge (nginx in front) keeps a public page, marked by `X-Accel-Expires`
   * within what is left of its lifetime (@shop/common/edge-cache.ts); 0 or absent: not marked.
   */
  edgeMaxAgeSeconds?: number;
  /**
   * How long a page whose data is slow holds its HTML back before the shell (header, skeletons)
   * is streamed and the rest follows as it arrives. Crawlers always get the complete page.
   */
  streamAfterMs?: number;
  /** Complete anonymous pages kept in memory (0: none); see page-cache.ts. */
  pageCacheEntries?: number;
  /** Where the page cache keeps pages (memory or Redis); memory within pageCacheEntries when absent. */
  pageStore?: KeyValueCache<string>;
  /**
   * The catalogue's generation now, part of every page's key, so a
   * catalogue change leaves every page kept before unread; undefined (unknown): no stored page is
   * read or kept for the request.
   */
  catalogueGeneration?: () => Promise<number | undefined>;
  /**
   * The stock bound (GATEWAY_STOCK_MAX_AGE): a page whose data lives no longer than this may show
   * stock, so it is never served past its lifetime (no stale window, here or in Cache-Control).
   */
  stockMaxAgeSeconds?: number;
  /**
   * How long a page's shell and critical data may take before the page is answered as an outage
   * (503, `Retry-After`, never stored), instead of waiting for the service's own time-out.
   */
  deadlineMs?: number;
  /**
   * Seconds a missing page (404) may be reused at most: the shortest lifetime of a public answer
   * (the stock bound), so a page that appears is not hidden for longer than stock is.
   */
  missingMaxAgeSeconds?: number;
  /** Seconds a client is asked to wait before trying an outage page again. */
  retryAfterSeconds?: number;
  /** The clock stored pages' lifetimes are counted on; defaults to Date.now. */
  now?: () => number;
}

/** The server render's handler, and the route knowledge index.html uses when it is not rendered. */
export interface SsrPages {
  handler: RequestHandler;
  /** The screens' modules of a path's routes (keys of Vite's manifest), from the web app's route table. */
  routeModules: (requestPath: string) => Promise<string[]>;
  /** Whether a path's route has a form action; undefined when no server bundle says. */
  acceptsForm: (requestPath: string) => Promise<boolean | undefined>;
  /** Whether a path's form may carry a file (multipart/form-data). */
  acceptsFiles: (requestPath: string) => Promise<boolean>;
}

/**
 * The shell's read of the session: never shareable in general, but a page is kept only for
 * requests without a session, for which its answer (no viewer) is the same for every visitor.
 */
const VISITOR_OPERATIONS = new Set(['Session']);

/**
 * Until when the data of one render may be shared: the earliest end of its operations' public
 * lifetimes (the stock bound included), each counted from when the operation answered less the
 * `Age` it came with (an answer from the response cache has already lived part of its lifetime),
 * or now once any of them is private, uncacheable or failed.
 */
class SharedLifetime {
  until = Number.POSITIVE_INFINITY;
  constructor(private readonly now: () => number) {}
  restrict(cacheControl: string | undefined, age: string | undefined): void {
    const policy = parse(cacheControl);
    const seconds = policy.public && !policy.noStore ? (policy.maxAge ?? 0) - (Number(age) || 0) : 0;
    this.until = Math.min(this.until, this.now() + Math.max(0, seconds) * 1000);
  }
  /** Seconds left from now (fractions included). */
  left(): number {
    return Math.max(0, (this.until - this.now()) / 1000);
  }
}

/** A session cookie or bearer makes the page personal: never stored by any cache. */
const hasSession = (req: Request, sessionCookie: string) =>
  Boolean(req.headers.authorization) || (req.headers.cookie ?? '').includes(`${sessionCookie}=`);

/** The request as a visitor without a session would send it (its other cookies kept). */
function dropSession(req: Request, sessionCookie: string): void {
  delete req.headers.authorization;
  const cookie = (req.headers.cookie ?? '')
    .split(';')
    .filter((pair) => pair.split('=')[0].trim() !== sessionCookie)
    .join(';')
    .trim();
  if (cookie) req.headers.cookie = cookie;
  else delete req.headers.cookie;
}

/**
 * The page's own inline scripts (hydration state, the router's) run, by the answer's nonce or, for
 * a stored page, by their hashes; no other inline script does.
 */
function allowInlineScripts(res: Response, sources: string): void {
  const policy = res.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  res.setHeader(
    'content-security-policy',
    policy.replace(/(^|;)\s*script-src ([^;]*)/, `$1script-src $2 ${sources}`),
  );
}

/**
 * A weak validator of what the page says: the build, the language, the address, the status, the
 * head and the data it was rendered from (the nonce differs per response, the meaning does not).
 */
function pageTag(input: {
  build: number;
  locale: string;
  url: string;
  output: { status: number; head: unknown; apolloState: () => unknown };
}): string {
  const { build, locale, url, output } = input;
  const digest = createHash('sha256')
    .update(JSON.stringify([build, locale, url, output.status, output.head, output.apolloState()]))
    .digest('base64url')
    .slice(0, 27);
  return `W/"${digest}"`;
}

/** Whether the client's copy (If-None-Match) is this page. */
const unchanged = (req: Request, etag: string) => fresh(req.headers, { etag });

function setPageHeaders(res: Response, cacheControl: string, edgeMaxAgeSeconds = 0): void {
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  addVary(res, 'Cookie');
  addVary(res, 'Accept-Language');
  addVary(res, 'Accept-Encoding');
  // A public page is for visitors without a session alone (pageCachePolicy): the edge may keep it.
  const policy = parse(cacheControl);
  const edge = edgeHeaders(policy.public ? (policy.maxAge ?? 0) : undefined, edgeMaxAgeSeconds);
  for (const [name, value] of Object.entries(edge)) res.setHeader(name, value);
}

/**
 * A whole page in the encoding the client asked for, compressed in one pass: fast for a rendered
 * page (its one reader waits), a better ratio for a stored page (compressed once per version for
 * many readers): common/http/compress.ts.
 */
function encodeWhole(html: string, encoding: Encoding | null, effort: Effort = 'fast'): Buffer {
  const body = Buffer.from(html);
  return encoding ? compressWhole(body, encoding, effort) : body;
}

/**
 * The compressed bodies of stored pages, made on their first answer in each encoding: the page
 * object lives as long as the page cache keeps its parsed copy (one per version of a page, at
 * most a hundred). Uncompressed answers are rare and cheap to make, so they are not kept.
 */
const storedBodies = new WeakMap<StoredPage, Map<Encoding, Buffer>>();

function storedBody(stored: StoredPage, encoding: Encoding | null): Buffer {
  if (!encoding) return Buffer.from(stored.html);
  let bodies = storedBodies.get(stored);
  if (!bodies) {
    bodies = new Map();
    storedBodies.set(stored, bodies);
  }
  let body = bodies.get(encoding);
  if (!body) {
    body = encodeWhole(stored.html, encoding, 'kept');
    bodies.set(encoding, body);
  }
  return body;
}

/**
 * A page from the page cache: its scripts allowed by hash, its validator, and the gateway's own
 * Cache-Control for what is left of its lifetime as of `now` (`maxAge` bounds it whatever the
 * entry says).
 */
function sendStored(
  req: Request,
  res: Response,
  stored: StoredPage,
  now: number,
  maxAge: number,
  edgeMaxAge = 0,
): void {
  res.status(stored.status);
  setPageHeaders(res, format(storedPageCacheControl(stored, now, maxAge)), edgeMaxAge);
  res.setHeader('server-timing', 'page-cache;desc=hit');
  res.setHeader('etag', stored.etag);
  if (unchanged(req, stored.etag)) {
    res.removeHeader('content-security-policy');
    res.status(304).end();
    return;
  }
  allowInlineScripts(res, stored.scriptHashes.join(' '));
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const body = storedBody(stored, encoding);
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', String(body.length));
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** The Cache-Control of a rendered page: what it is decides how long, and for whom, it may be kept. */
function pageCachePolicy(input: {
  shared: boolean;
  complete: boolean;
  status: number;
  seconds: number;
  staleSeconds: number;
}): CacheControlValue {
  const { shared, complete, status, seconds, staleSeconds } = input;
  if (!shared || seconds <= 0) return { noStore: true };
  // Sent before its data was known: the browser may keep it for back and forward, nobody else.
  if (!complete) return { private: true, noCache: true };
  // A missing page is kept no longer than the data that said so, and never served stale.
  if (status !== 200) return { public: true, maxAge: seconds };
  // Data that may show stock gets no stale window (staleSeconds 0): never served past the stock bound.
  return { public: true, maxAge: seconds, staleWhileRevalidate: staleSeconds > 0 ? staleSeconds : null };
}

export function ssrPages<Context>(options: SsrOptions<Context>): SsrPages {
  const bundles = new ServerBundleLoader(options.bundleFile, (error) =>
    options.log.error({ err: error }, 'server bundle failed to load: pages are rendered by the browser'),
  );
  let template: { at: number; page: PageTemplate | null } | undefined;
  const maxAge = options.maxAgeSeconds ?? 30;
  const edgeMaxAge = options.edgeMaxAgeSeconds ?? 0;
  const streamAfterMs = options.streamAfterMs ?? 150;
  const deadlineMs = options.deadlineMs ?? 3000;
  const retryAfter = String(options.retryAfterSeconds ?? 10);

  const stockMaxAge = options.stockMaxAgeSeconds ?? 5;
  const now = options.now ?? Date.now;

  const pagesAtAll =
    (options.pageCacheEntries ?? 500) > 0
      ? new PageCache({
          maxEntries: options.pageCacheEntries,
          store: options.pageStore,
          // a page lives at most the public max-age, and is served stale at most twice that
          maxLifetimeSeconds: maxAge,
          maxStaleSeconds: 2 * maxAge,
          log: options.log,
          now: options.now,
        })
      : null;

  const execute =
    (context: Context, lifetime: SharedLifetime) =>
    async (operation: InProcessOperation): Promise<FormattedExecutionResult> => {
      const response = await options.execute(operation, context);
      if (response.body.kind !== 'single')
        throw new Error('incremental delivery is not rendered on the server');
      if (!VISITOR_OPERATIONS.has(operation.operationName ?? ''))
        lifetime.restrict(response.http.headers.get('cache-control'), response.http.headers.get('age'));
      return response.body.singleResult;
    };

  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const { at, bundle } = bundles.current();
    const server = await bundle;
    if (template?.at !== at) template = { at, page: PageTemplate.load(options.webDist) };
    const page = template.page;
    if (!server || !page) return next();

    const address = new URL(req.originalUrl, options.publicOrigin);
    const locale = chooseLocale(
      req.headers.cookie,
      req.get('accept-language'),
      address.searchParams.get('lang'),
    );
    // A form's answer (form-posts.ts) is for the one who sent it: never kept by any cache.
    const personal = hasSession(req, options.sessionCookie) || req.method === 'POST';
    // A signed-in user's start page depends on their menus (the first menu path): the client's
    // root route decides, after the session and menus arrive; visitors go to /home at once.
    if (personal && req.path === '/') return next();
    const generation = pagesAtAll && options.catalogueGeneration ? await options.catalogueGeneration() : 0;
    // Unknown: a stored page could be from before a catalogue change, so none is read or kept.
    const pages = generation === undefined ? null : pagesAtAll;
    const pageKey = PageCache.key({
      build: at,
      generation: generation ?? 0,
      locale,
      url: req.originalUrl,
      cookie: req.headers.cookie,
      readCookies: server.renderCookies,
    });
    /** Renders the page for the page cache, behind this answer (as a visitor: `asVisitor`). */
    const renderBehind = (cache: PageCache, asVisitor: boolean) => {
      const ended = cache.begin(pageKey);
      const behind = detachedExchange(req, res, ended);
      if (asVisitor) dropSession(behind.req, options.sessionCookie);
      void handler(behind.req, behind.res, ended).catch(ended);
    };
    // A signed-in page of a screen that is the same for everyone renders only its personal shell
    // around the screen a visitor's page left in the page cache; when there is none, or it is past
    // its lifetime, a visitor's render is started behind this one to keep it for the next.
    let screen: SharedScreen | undefined;
    if (pages && personal && req.method !== 'POST' && server.sharesScreen?.(req.path)) {
      const found = await lookUpPage(() => pages.lookup(pageKey));
      screen = found?.page.screen;
      if (!found?.fresh && !pages.running(pageKey)) renderBehind(pages, true);
    }
    // One render of a page at a time on this instance: a miss while it runs waits for its page,
    // a stale page is answered at once and replaced behind the answer.
    for (let waited = false; pages && !personal && !isRevalidation(req); waited = true) {
      const found = await lookUpPage(() => pages.lookup(pageKey));
      if (found) {
        sendStored(req, res, found.page, now(), maxAge, edgeMaxAge);
        if (!found.fresh && !pages.running(pageKey)) renderBehind(pages, false);
        return;
      }
      const running = pages.running(pageKey);
      if (!running) {
        res.once('close', pages.begin(pageKey));
        break;
      }
      // Waited once and nothing was kept (the page streamed, say): this request renders its own.
      if (waited) break;
      await running;
    }
    const started = performance.now();
    const lifetime = new SharedLifetime(now);
    try {
      // Server texts (alterMsg, translated names) come in the page's language, whatever the headers say.
      const context = await options.buildContext(contextInputOf(req, res, locale));
      const origin = options.publicOrigin;
      // a form sent without JavaScript, for its route's action (body read by form-posts.ts)
      const form = req.method === 'POST' ? formRequest(req) : undefined;
      const request = new Request(address, {
        // the page's own cookies (the sidebar's open state); the session travels in `context`
        headers: {
          accept: 'text/html',
          'accept-language': locale,
          cookie: req.headers.cookie ?? '',
          ...form?.headers,
        },
        ...(form ? { method: 'POST', body: form.body } : {}),
      });
      const upload = options.upload;
      const nonce = randomBytes(16).toString('base64');
      const output = await traceRender(req.path, () =>
        server.render({
          request,
          locale,
          origin,
          nonce,
          execute: execute(context, lifetime),
          ...(upload && req.method === 'POST' ? { upload: (file: FormFile) => upload(file, context) } : {}),
          waitForAll: isRevalidation(req) || isbot(req.get('user-agent')),
          streamAfterMs,
          deadlineMs,
          screen,
          onError: (error) =>
            options.log.warn(
              { err: error, path: req.path },
              'a screen failed on the server: the browser renders it',
            ),
        }),
      );
      if (output.kind === 'redirect') {
        res.setHeader('cache-control', format({ noStore: true }));
        // Whatever the render was given, the Location is a path of this site a header can carry.
        res.redirect(output.status, sameSitePath(output.location) ?? '/home');
        return;
      }
      if (output.kind === 'unavailable') {
        options.log.warn({ path: req.path, deadlineMs }, 'the service did not answer a page in time: 503');
        res.status(503);
        setPageHeaders(res, format({ noStore: true }));
        res.setHeader('retry-after', retryAfter);
        res.send(
          page.open({ locale, head: output.head, styles: output.styles, modules: [], hydrates: false }) +
            output.html +
            page.closeWithoutState(),
        );
        return;
      }
      const renewed = res.getHeader('set-cookie') !== undefined;
      // A page lives as long as its shortest-lived data has left (the stock bound, say), in whole
      // seconds for its header; the page cache counts the fractions.
      const bound = output.status === 404 ? (options.missingMaxAgeSeconds ?? maxAge) : maxAge;
      const seconds = Math.floor(Math.min(bound, lifetime.left()));
      const shared = !personal && !renewed && output.status < 500;
      // A page that may show stock never outlives the stock bound; others may be served stale
      // while they are rendered again.
      const staleSeconds = seconds > stockMaxAge ? seconds * 2 : 0;
      const policy = pageCachePolicy({
        shared,
        complete: output.complete,
        status: output.status,
        seconds,
        staleSeconds,
      });
      const cacheControl = format(policy);
      res.status(output.status);
      setPageHeaders(res, cacheControl, edgeMaxAge);
      res.setHeader(
        'server-timing',
        `render;dur=${(performance.now() - started).toFixed(1)}${screen ? ', screen;desc=shared' : ''}`,
      );
      // What the page cache keeps: a complete anonymous page, as the browser receives it, and its
      // screen when signed-in pages may reuse it.
      let keep: ((html: string, app: string) => void) | null = null;
      if (policy.public) {
        const tag = pageTag({ build: at, locale, url: req.originalUrl, output });
        res.setHeader('etag', tag);
        if (pages && output.status === 200) {
          keep = (html, app) =>
            void pages.set(
              pageKey,
              {
                status: 200,
                html,
                nonce,
                etag: tag,
                screen: output.share?.(app),
              },
              Math.min(bound, lifetime.left()),
              staleSeconds,
            );
        }
        if (output.status === 200 && unchanged(req, tag)) {
          // The cached copy keeps its own CSP (its inline scripts carry that response's nonce or hashes).
          res.removeHeader('content-security-policy');
          res.status(304).end();
          return;
        }
      }
      allowInlineScripts(res, `'nonce-${nonce}'`);
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (encoding) res.setHeader('content-encoding', encoding);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const opening = page.open({
        locale,
        head: output.head,
        styles: output.styles,
        modules: output.modules,
        hydrates: true,
      });
      const app = new PassThrough();
      if (output.complete) {
        // A complete page is compressed whole, in one pass, like a stored one: a compressor stream
        // fed React's chunks one by one costs several times the CPU.
        const chunks: Buffer[] = [];
        app.on('data', (chunk: Buffer) => chunks.push(chunk));
        app.on('end', () => {
          const appHtml = Buffer.concat(chunks).toString('utf8');
          const html =
            opening +
            appHtml +
            page.close({ locale, apollo: output.apolloState() }, nonce, output.modules, locale);
          const body = encodeWhole(html, encoding);
          res.setHeader('content-length', String(body.length));
          res.end(body);
          keep?.(html, appHtml);
        });
      } else {
        // A page still rendering is streamed: each React chunk is flushed through the compressor as
        // it comes.
        const out =
          encoding === 'br'
            ? zlib.createBrotliCompress({
                flush: zlib.constants.BROTLI_OPERATION_FLUSH,
                params: brotliParams('fast'),
              })
            : encoding === 'gzip'
              ? zlib.createGzip({ flush: zlib.constants.Z_SYNC_FLUSH, ...gzipOptions('fast') })
              : new PassThrough();
        out.pipe(res);
        out.write(opening);
        app.on('data', (chunk: Buffer) => out.write(chunk));
        app.on('end', () =>
          out.end(page.close({ locale, apollo: output.apolloState() }, nonce, output.modules, locale)),
        );
      }
      output.pipe(app);
    } catch (error) {
      options.log.error(
        { err: error, path: req.path },
        'server render failed: the page is rendered by the browser',
      );
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      res.removeHeader('content-encoding');
      next();
    }
  };
  return {
    handler,
    async routeModules(requestPath) {
      const server = await bundles.current().bundle;
      return server?.routeModules?.(requestPath) ?? [];
    },
    async acceptsForm(requestPath) {
      const server = await bundles.current().bundle;
      return server?.acceptsForm?.(requestPath);
    },
    async acceptsFiles(requestPath) {
      const server = await bundles.current().bundle;
      return server?.acceptsFiles?.(requestPath) === true;
    },
  };
}

/** The body of a form post as the action reads it: urlencoded text, or multipart bytes with their boundary. */
function formRequest(req: Request): { headers?: Record<string, string>; body: BodyInit } {
  if (Buffer.isBuffer(req.body))
    return { headers: { 'content-type': req.get('content-type') ?? '' }, body: new Uint8Array(req.body) };
  return { body: new URLSearchParams(typeof req.body === 'string' ? req.body : '') };
}
