/**
 * The storefront's page server: the pages rendered on the server (render.ts) and kept while their
 * data may be shared (page-cache.ts), the forms those pages send without scripts (form-posts.ts),
 * the language switcher's form (language-form.ts), the built web app's files and its index.html
 * (web-app.ts), and `sitemap.xml` / `robots.txt` (sitemap.ts). It knows nothing of how GraphQL is
 * answered: the process that mounts it (the gateway) hands it an in-process execute function, the
 * way a request's context is built, the CSRF rule, where pages are kept and its settings.
 */
import type { KeyValueCache } from '@apollo/utils.keyvaluecache';
import express, { type Request, type Router } from 'express';
import {
  contextInputOf,
  type ExecuteOperation,
  type PageContextInput,
  type PageLog,
  type PageUpload,
} from './context.ts';
import { formPosts } from './form-posts.ts';
import { LANGUAGE_PATH, languageForm } from './language-form.ts';
import { ssrPages } from './render.ts';
import type { PageSettings } from './settings.ts';
import { type SitemapCatalogue, sitemapRoutes } from './sitemap.ts';
import { webRoutes } from './web-app.ts';

export type {
  ExecutedOperation,
  ExecuteOperation,
  PageContextInput,
  PageFile,
  PageLog,
  PageUpload,
} from './context.ts';
export { type PageSettings, pageSettingsFrom, pageSettingsSchema } from './settings.ts';
export type { SitemapCatalogue } from './sitemap.ts';

export interface PageServerOptions<Context> {
  settings: PageSettings & {
    /** The browser-facing origin: canonical URLs, the sitemap's and the forms' CSRF rule. */
    publicOrigin: string;
    /** Seconds an anonymous page and the sitemap may be reused (shared caches). */
    publicMaxAge: number;
    /** Seconds at most a page that may show stock is kept, and a missing page. */
    stockMaxAge: number;
    /** Seconds at most the edge (nginx in front) keeps a public page (0: it keeps none). */
    edgeMaxAge?: number;
  };
  /** Runs one GraphQL operation in-process with a request's context (the whole pipeline, safelist included). */
  execute: ExecuteOperation<Context>;
  /** The GraphQL context of a request (session, DataLoaders, limits), as /graphql builds it. */
  buildContext: (input: PageContextInput) => Promise<Context>;
  /** The CSRF rule of the pages' forms: whether a POST was sent from a page of this site. */
  isSameOriginForm: (req: Request, publicOrigin: string) => boolean;
  /** The session cookie's name: a page for a session is personal, never kept by any cache. */
  sessionCookie: string;
  /** Where complete anonymous pages are kept (memory or Redis); this process's memory when absent. */
  pageStore?: KeyValueCache<string>;
  /**
   * The catalogue's generation now, part of every stored page's key; undefined (unknown): no
   * stored page is read or kept for the request.
   */
  catalogueGeneration?: () => Promise<number | undefined>;
  /** The catalogue the sitemap lists, read anonymously with a request's context. */
  sitemapCatalogue: (context: Context) => SitemapCatalogue;
  log: PageLog;
  /** The clock stored pages' lifetimes are counted on; defaults to Date.now. */
  now?: () => number;
  /** Stores a file a page's form carried (the avatar); without it no form takes a file. */
  upload?: PageUpload<Context>;
}

/**
 * One router for every page address, mounted after the gateway's own routes: `robots.txt` and
 * `sitemap.xml`, the forms' POSTs, the web app's files, and the pages (server-rendered when a server
 * entry is built, else index.html).
 */
export function createPageServer<Context>(options: PageServerOptions<Context>): Router {
  const { settings, log } = options;
  const router = express.Router();
  const renderPage = settings.ssrBundle
    ? ssrPages<Context>({
        bundleFile: settings.ssrBundle,
        webDist: settings.webDist,
        publicOrigin: settings.publicOrigin,
        execute: options.execute,
        ...(options.upload ? { upload: options.upload.send } : {}),
        buildContext: options.buildContext,
        sessionCookie: options.sessionCookie,
        log,
        maxAgeSeconds: settings.publicMaxAge,
        edgeMaxAgeSeconds: settings.edgeMaxAge,
        streamAfterMs: settings.streamAfterMs,
        pageCacheEntries: settings.pageCacheEntries,
        pageStore: options.pageStore,
        catalogueGeneration: options.catalogueGeneration,
        stockMaxAgeSeconds: settings.stockMaxAge,
        deadlineMs: settings.deadlineMs,
        missingMaxAgeSeconds: settings.stockMaxAge,
        now: options.now,
      })
    : undefined;
  router.use(
    sitemapRoutes({
      publicOrigin: settings.publicOrigin,
      catalogueFor: async (req, res) =>
        options.sitemapCatalogue(await options.buildContext(contextInputOf(req, res))),
      maxAgeSeconds: settings.publicMaxAge,
    }),
  );
  // The language switcher without JavaScript: the choice's cookie, then the page again.
  router.post(
    LANGUAGE_PATH,
    ...languageForm({ publicOrigin: settings.publicOrigin, isSameOriginForm: options.isSameOriginForm }),
  );
  // The pages' forms sent without JavaScript: checked (CSRF, size), then rendered with their action.
  if (renderPage)
    router.post(
      /.*/,
      ...formPosts({
        publicOrigin: settings.publicOrigin,
        isSameOriginForm: options.isSameOriginForm,
        renderPage: renderPage.handler,
        acceptsForm: renderPage.acceptsForm,
        ...(options.upload
          ? { acceptsFiles: renderPage.acceptsFiles, fileLimitBytes: options.upload.maxBytes }
          : {}),
      }),
    );
  router.use(webRoutes(settings.webDist, renderPage));
  return router;
}
