/**
 * The server entry (built by `vite build --ssr`, run by the gateway, web-server/src/): renders one
 * page request to a React 19 stream with its data, its styles and the state the client hydrates from.
 *
 * 1. The route is matched by React Router's static handler (lazy screens resolved; a POST, a form
 *    sent without JavaScript, runs its route's action first). Then, within `deadlineMs`, the
 *    shell's data (session, shop configuration) is read, so the header is final in the first HTML,
 *    and the route's critical data (its server module, app/route-server.ts) decides the answer:
 *    the page, a 404, a redirect, or an outage (503) when the service does not answer in time.
 * 2. `renderToPipeableStream` renders the tree; each route's screen reads its query with
 *    `useSuspenseQuery` inside its route's Suspense boundary. The queries run in-process through
 *    `execute` (the gateway's own schema and context, same safelist), never over HTTP.
 * 3. The page is sent when it is complete, or, if its data is slow, once `streamAfterMs` has passed
 *    after the shell was ready: the shell (header, skeletons) goes out at once and each boundary
 *    follows as its data arrives. Crawlers and link previews ask `waitForAll`: they read the
 *    whole page without running scripts.
 * 4. styled-components collects the styles of the HTML sent first for the head; the styles of
 *    later boundaries go out just before them in the stream. Each rule is compiled once per
 *    process (app/server-styles.tsx).
 * 5. A screen that is the same for every visitor (a route's `publicScreen`) is rendered once
 *    without a session and kept (`share`, app/shared-screen.ts); a signed-in page of that address
 *    then renders only its personal shell around it (`screen`).
 */
import { PassThrough, type Writable } from 'node:stream';
import { ApolloClient, ApolloLink, type NormalizedCacheObject } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { print } from '@apollo/client/utilities';
import type { FormattedExecutionResult } from 'graphql';
import { StrictMode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router-dom';
import { Observable } from 'rxjs';
import { ServerStyleSheet } from 'styled-components';
import { AppProviders } from './app/App.tsx';
import {
  acceptsFilesAt,
  acceptsFormAt,
  type FormActionContext,
  type FormFile,
  type FormUploadAnswer,
  withFormActions,
} from './app/form-actions/index.ts';
import { OutagePage } from './app/OutagePage.tsx';
import { createRenderCache } from './app/render-cache.ts';
import { DEFAULT_META, metaFromMatches, type RouteHandle } from './app/route-meta.ts';
import { type RouteServer, type RouteVerdict, UpstreamUnavailable } from './app/route-server.ts';
import { routes } from './app/routes.tsx';
import { sharePreparedDocuments } from './app/server-documents.ts';
import { StylesCompiledOnce } from './app/server-styles.tsx';
import { cutScreen, mergeStates, mergeStyleTags, type SharedScreen } from './app/shared-screen.ts';
import { preloadShellData } from './app/shell-data.ts';
import { type PageHead, pageHead } from './app/ssr-head.ts';
import { loginPath } from './auth/redirect.ts';
import { TOASTER_MODULE } from './components/toast.tsx';
import type { Locale } from './i18n/LocaleProvider.tsx';
import { ServerSidebarContext, SIDEBAR_COOKIE, sidebarOpenedFromHeader } from './layout/layout-store.ts';
import { PrerenderedScreen } from './layout/ScreenSlot.tsx';

export type { SharedScreen } from './app/shared-screen.ts';

// Screens in lazy chunks bring their texts with them (`*-messages.ts` add themselves to the
// catalogue when loaded). The server renders any screen at once, so it loads them all up front:
// a page never leaves the server with message keys in place of texts.
import.meta.glob('./**/*-messages.ts', { eager: true });

/** One GraphQL operation as the gateway executes it in-process. */
export interface InProcessOperation {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

export interface RenderInput {
  /**
   * The page request (absolute URL, headers), as React Router's static handler wants it. Its
   * `cookie` header, when forwarded, carries the sidebar state (SIDEBAR_COOKIE) the page shows.
   */
  request: Request;
  locale: Locale;
  /** The public origin for canonical and Open Graph URLs. */
  origin: string;
  /** The page's CSP nonce: React's and React Router's inline scripts carry it. */
  nonce: string;
  execute: (operation: InProcessOperation) => Promise<FormattedExecutionResult>;
  /** Send nothing until every boundary is complete (crawlers, link previews: no scripts run). */
  waitForAll: boolean;
  /** How long a slow page may hold its complete HTML back before the shell is streamed. */
  streamAfterMs: number;
  /**
   * How long the page's shell data and critical data (the product of a goods page, …) may take:
   * past it the page is answered as an outage (503), never guessed at.
   */
  deadlineMs: number;
  /** A screen failed on the server: the browser renders that boundary again (its error boundary shows). */
  onError: (error: unknown) => void;
  /**
   * The address's screen as a visitor's render kept it (`share`): only the personal shell is
   * rendered around it. For a route whose screen is public (`sharesScreen`), GET only.
   */
  screen?: SharedScreen;
  /** Stores a file a form carried (the avatar), as the browser's upload does; absent: no uploads. */
  upload?: (file: FormFile) => Promise<FormUploadAnswer>;
}

export type { FormFile, FormUploadAnswer };

export type RenderOutput =
  | { kind: 'redirect'; status: number; location: string }
  /** The service did not answer the page's shell or critical data within the deadline, or failed. */
  | { kind: 'unavailable'; head: PageHead; styles: string; html: string }
  | {
      kind: 'page';
      status: number;
      head: PageHead;
      /** The matched screens' modules (keys of Vite's manifest), preloaded with the page. */
      modules: string[];
      /** The `<style>` tags of the HTML rendered so far (styled-components). */
      styles: string;
      /** True when the whole page is rendered (nothing left to stream), so the response can be validated. */
      complete: boolean;
      /** The Apollo cache, restored by the client before it hydrates: read once the stream has ended. */
      apolloState: () => unknown;
      /** Streams the rendered app (the inside of #root) into `into`, which it ends. */
      pipe: (into: Writable) => void;
      /**
       * For a complete visitor's page of a public screen: what signed-in pages of this address
       * can reuse, cut from the app's HTML as streamed (null when it cannot be).
       */
      share?: (appHtml: string) => SharedScreen | null;
    };

/** Executes each operation in-process: one result, no transport. */
function inProcessLink(execute: RenderInput['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({
          query: print(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
        }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

/**
 * The cookies a render reads, besides the session and the language the gateway handles itself:
 * a page kept for one visitor is given to another only when these agree (web-server/src/page-cache.ts).
 */
export const renderCookies: readonly string[] = [SIDEBAR_COOKIE];

/** The lazy tab bar's module (web/src/layout/AppLayout.tsx): rendered with every page that shows it. */
const TAB_BAR_MODULE = 'src/layout/TabBar.tsx';

/**
 * The modules (keys of Vite's manifest) a page's first render needs and the server names with it:
 * the matched routes' (the screens', and the layout's lazy floating buttons), the lazy tab bar where the page shows it (the render put it in the HTML,
 * so hydration waits for its chunk), and the toaster, which the mounted toast provider asks for as
 * soon as the page is idle (last: hydration does not wait for it). Named with the page, each is asked
 * for with the entry instead of a round trip after the module that imports it.
 */
const modulesOf = (matches: Array<{ route: { handle?: unknown } }>): string[] => [
  ...matches.flatMap(({ route }) => (route.handle as RouteHandle | undefined)?.module ?? []),
  ...(metaFromMatches(matches.map(({ route }) => ({ handle: route.handle }))).showTabBar
    ? [TAB_BAR_MODULE]
    : []),
  TOASTER_MODULE,
];

/** The screens' modules of the routes a path matches (what the server preloads for it). */
export function routeModules(pathname: string): string[] {
  return modulesOf(matchRoutes(routes, pathname) ?? []);
}

/** Whether a form may be posted to a path (its route has a form action). */
export const acceptsForm = (pathname: string): boolean => acceptsFormAt(routes, pathname);

/** Whether a form posted to a path may carry a file (multipart/form-data). */
export const acceptsFiles = (pathname: string): boolean => acceptsFilesAt(routes, pathname);

/** Whether a path's screen is the same for every visitor, so signed-in pages may reuse a visitor's. */
export function sharesScreen(pathname: string): boolean {
  let known = screensShared.get(pathname);
  if (known === undefined) {
    const matches = matchRoutes(routes, pathname) ?? [];
    known =
      matches.length > 0 &&
      metaFromMatches(matches.map(({ route }) => ({ handle: route.handle }))).publicScreen === true;
    // Matching ranks the whole route table: kept per path, within a bound (addresses are endless).
    if (screensShared.size >= 1000) screensShared.clear();
    screensShared.set(pathname, known);
  }
  return known;
}
const screensShared = new Map<string, boolean>();

/** The deepest matched route's server module, loaded. */
async function routeServer(
  matches: Array<{ route: { handle?: unknown } }>,
): Promise<RouteServer | undefined> {
  for (const match of [...matches].reverse()) {
    const load = (match.route.handle as RouteHandle | undefined)?.server;
    if (load) return load();
  }
  return undefined;
}

/**
 * The route table as the static handler serves it, made once: ranking the routes and resolving
 * the lazy screens is the same work for every page. A POST is a form sent without JavaScript: its
 * route's action runs first (app/form-actions/).
 */
const handler = createStaticHandler(withFormActions(routes));

class DeadlinePassed extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlinePassed(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The page that says the shop cannot answer now, with a way to try again (no data, no state). */
function unavailable(input: RenderInput, url: URL, client: ApolloClient): RenderOutput {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <AppProviders locale={input.locale}>
          <OutagePage retryHref={`${url.pathname}${url.search}`} />
        </AppProviders>,
      ),
    );
    const head = pageHead({
      meta: { ...DEFAULT_META, title: 'outage.title' },
      server: undefined,
      params: {},
      client,
      locale: input.locale,
      origin: input.origin,
      url,
      signedIn: false,
    });
    return { kind: 'unavailable', head, styles: sheet.getStyleTags(), html };
  } finally {
    sheet.seal();
  }
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.request.url);
  if (url.pathname === '/') return { kind: 'redirect', status: 302, location: `/home${url.search}` };

  const client = new ApolloClient({
    ssrMode: true,
    link: inProcessLink(input.execute),
    cache: createRenderCache(),
    // Masking is the components' contract, held by their types and by the browser's client; the
    // server's render reads the same fields without paying for a masked copy of every answer.
    dataMasking: false,
  });
  sharePreparedDocuments(client);
  const requestContext: FormActionContext = { client, ...(input.upload ? { upload: input.upload } : {}) };
  const context = await handler.query(input.request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta = metaFromMatches(context.matches.map((match) => ({ handle: match.route.handle })));
  const params = context.matches.at(-1)?.params ?? {};
  const server = await routeServer(context.matches);
  // A signed-in page of a public screen: the screen comes as a visitor's render left it.
  const shared = meta.publicScreen ? input.screen : undefined;

  // Before anything is sent: the shell's data, then what the route cannot be answered without.
  let signedIn = false;
  let verdict: RouteVerdict;
  try {
    verdict = await withDeadline(
      (async (): Promise<RouteVerdict> => {
        ({ signedIn } = await preloadShellData(client));
        if (meta.requiresAuth && !signedIn)
          return { status: 302, location: loginPath(url.pathname + url.search) };
        // The visitor's render answered this address 200 (only such screens are kept).
        if (shared) return { status: 200 };
        return (
          (await server?.critical?.({ params, url, client, locale: input.locale, signedIn })) ?? {
            status: 200,
          }
        );
      })(),
      input.deadlineMs,
    );
  } catch (error) {
    if (error instanceof UpstreamUnavailable || error instanceof DeadlinePassed)
      return unavailable(input, url, client);
    throw error;
  }
  if (verdict.status === 302) return { kind: 'redirect', status: 302, location: verdict.location };
  const status = context.statusCode !== 200 ? context.statusCode : verdict.status;

  const extract = () => client.extract() as NormalizedCacheObject;
  const sheet = new ServerStyleSheet();
  const tree = sheet.collectStyles(
    <StylesCompiledOnce>
      <StrictMode>
        <ApolloProvider client={client}>
          <AppProviders locale={input.locale}>
            <ServerSidebarContext.Provider
              value={sidebarOpenedFromHeader(input.request.headers.get('cookie'))}
            >
              <PrerenderedScreen.Provider value={shared?.html ?? null}>
                <StaticRouterProvider router={router} context={context} nonce={input.nonce} />
              </PrerenderedScreen.Provider>
            </ServerSidebarContext.Provider>
          </AppProviders>
        </ApolloProvider>
      </StrictMode>
    </StylesCompiledOnce>,
  );

  return new Promise((resolve, reject) => {
    let sent = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = (complete: boolean) => {
      if (sent) return;
      sent = true;
      clearTimeout(timer);
      // The head is read from what the cache holds now: the whole page's data when complete.
      const head =
        shared?.head ??
        pageHead({
          meta,
          server,
          params,
          client,
          locale: input.locale,
          origin: input.origin,
          url,
          signedIn,
        });
      const own = sheet.getStyleTags();
      const styles = shared ? (mergeStyleTags(shared.styles, own) ?? shared.styles + own) : own;
      const shareable = !shared && meta.publicScreen && !signedIn && status === 200 && complete;
      // A complete page's cache changes no more: it is read once for the validator, the hydration
      // state and the stored screen alike. A streamed page's is read when its stream has ended.
      let final: NormalizedCacheObject | undefined;
      const state = complete ? () => (final ??= extract()) : extract;
      resolve({
        kind: 'page',
        status,
        head,
        modules: modulesOf(context.matches),
        styles,
        complete,
        apolloState: shared ? () => mergeStates(shared.state, state()) : state,
        share: shareable
          ? (appHtml) => {
              const html = cutScreen(appHtml, input.nonce);
              return html === null ? null : { html, state: state(), styles, head };
            }
          : undefined,
        pipe(into) {
          const html = new PassThrough();
          if (complete) {
            into.on('finish', () => sheet.seal());
            html.pipe(into);
          } else {
            // Styles already in the head are not sent again; each later chunk brings its own.
            sheet.instance.clearTag();
            sheet.interleaveWithNodeStream(html).pipe(into);
          }
          stream.pipe(html);
        },
      });
    };
    const stream = renderToPipeableStream(tree, {
      nonce: input.nonce,
      // A boundary complete when the page is sent is inlined, never outlined into a hidden
      // segment that needs a script to be shown (such a page reads without JavaScript).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onError: input.onError,
      onShellReady() {
        if (!input.waitForAll) timer = setTimeout(() => send(false), input.streamAfterMs);
      },
      onAllReady: () => send(true),
    });
  });
}
