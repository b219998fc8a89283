/**
 * The server entry (built by `vite build --ssr`, run by the gateway, gateway/src/ssr/): renders one
 * page request to a React 19 stream with its data, its styles and the state the client hydrates from.
 *
 * 1. The route is matched by React Router's static handler (lazy screens resolved).
 * 2. The tree is prerendered until every query it starts has its answer (Apollo's
 *    `prerenderStatic`); the queries run in-process through `execute` (the gateway's own schema
 *    and context, same safelist), never over HTTP.
 * 3. The final tree streams with `renderToPipeableStream`, with a filled cache and resolved chunks,
 *    while styled-components collects the styles of exactly the rendered HTML for the head.
 */
import type { Writable } from 'node:stream';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print } from '@apollo/client/utilities';
import type { FormattedExecutionResult } from 'graphql';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Observable } from 'rxjs';
import { ServerStyleSheet } from 'styled-components';
import { AppProviders } from './app/App.tsx';
import { createCache } from './app/apollo.ts';
import { routes } from './app/routes.tsx';
import { type PageHead, pageHead } from './app/ssr-head.ts';
import type { Locale } from './i18n/LocaleProvider.tsx';
import { ServerSidebarContext, sidebarOpenedFromHeader } from './layout/layout-store.ts';

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
}

export type RenderOutput =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: PageHead;
      /** The `<style>` tags of the rendered HTML (styled-components). */
      styles: string;
      /** The Apollo cache after the render, restored by the client before it hydrates. */
      apolloState: unknown;
      /** Streams the rendered app (the inside of #root) into `into`, which it ends. */
      pipe: (into: Writable) => void;
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

export async function render(input: RenderInput): Promise<RenderOutput> {
  const url = new URL(input.request.url);
  if (url.pathname === '/') return { kind: 'redirect', status: 302, location: `/home${url.search}` };

  const handler = createStaticHandler(routes);
  const context = await handler.query(input.request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = new ApolloClient({
    ssrMode: true,
    link: inProcessLink(input.execute),
    cache: createCache(),
  });
  const tree = (
    <StrictMode>
      <ApolloProvider client={client}>
        <AppProviders locale={input.locale}>
          <ServerSidebarContext.Provider value={sidebarOpenedFromHeader(input.request.headers.get('cookie'))}>
            <StaticRouterProvider router={router} context={context} nonce={input.nonce} />
          </ServerSidebarContext.Provider>
        </AppProviders>
      </ApolloProvider>
    </StrictMode>
  );

  await prerenderStatic({
    tree,
    renderFunction: prerenderToNodeStream,
    ignoreResults: true,
    maxRerenders: 10,
  });

  const sheet = new ServerStyleSheet();
  const collected = sheet.collectStyles(tree);
  const head = pageHead({
    matches: context.matches.map((match) => ({ ...match, handle: match.route.handle })),
    client,
    locale: input.locale,
    origin: input.origin,
    url,
  });
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(collected, {
      nonce: input.nonce,
      // Boundaries are complete here (the data is in): inlined, never outlined into hidden
      // segments that need a script to be shown (the page must read without JavaScript).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: reject,
      onAllReady() {
        const styles = sheet.getStyleTags();
        resolve({
          kind: 'page',
          status: head.status ?? (context.statusCode === 200 ? 200 : context.statusCode),
          head,
          styles,
          apolloState: client.extract(),
          pipe(into) {
            into.on('finish', () => sheet.seal());
            stream.pipe(into);
          },
        });
      },
    });
  });
}
