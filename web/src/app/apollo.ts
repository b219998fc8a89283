import { ApolloClient, ApolloLink, CombinedGraphQLErrors } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { from, map, mergeMap, of } from 'rxjs';
import { loadingLink } from '../lib/loading-link.ts';
import './data-masking.ts';
import { createCache } from './type-policies.ts';
import { firstUserError } from './user-errors.ts';

export interface Notice {
  alterMsg: string;
  type: number;
}

export interface ApolloHooks {
  /** The current locale, sent as Accept-Language so alterMsg texts come translated. */
  getLocale: () => string;
  /** A session that cannot be (re)established: clear state and send to /login keeping the place. */
  onUnauthenticated: (operationName: string | undefined) => void;
  /** FORBIDDEN: warning toast '无访问权限', then logout. */
  onForbidden: (alterMsg: string | null) => void;
  /**
   * Any other failure with a text to show, and a mutation's refusal (the first of its payload's
   * `userErrors`): a toast by its type (1 success, 2 error, 3 warning).
   */
  onErrorMessage: (alterMsg: string, type: number) => void;
  /** Success notices (`extensions.notices`), e.g. '保存成功!'. */
  onNotice: (notice: Notice) => void;
  /** A transport failure (gateway down): a generic error toast. */
  onNetworkError?: (error: Error) => void;
  /** A mutation that failed with no text to show (an error without `alterMsg`): a generic error toast. */
  onFailure?: () => void;
}

/**
 * Operations may opt out of the global toasts with `context: { silent: true }`
 * (e.g. background polls), or handle errors themselves, and out of the page loading overlay with
 * `context: { hideLoading: true }`.
 */
export function createApolloLink(hooks: ApolloHooks, uri = '/graphql'): ApolloLink {
  // The transport (HTTP, persisted queries) is loaded with the first call, once.
  let transport: Promise<ApolloLink> | undefined;
  const http = new ApolloLink((operation, forward) => {
    // a download that failed (the network was down) is tried again with the next operation
    transport ??= import('./transport.ts').then(
      ({ createTransport }) => createTransport(uri),
      (error: unknown) => {
        transport = undefined;
        throw error;
      },
    );
    return from(transport).pipe(mergeMap((link) => link.request(operation, forward)));
  });

  // A query answered in a language the page no longer shows (the shopper switched while it was in
  // flight) is asked again in the current one; a mutation is never sent twice.
  const locale = new ApolloLink((operation, forward) => {
    const ask = (): ReturnType<typeof forward> => {
      const sentIn = hooks.getLocale();
      operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, 'Accept-Language': sentIn },
      }));
      return forward(operation).pipe(
        mergeMap((result) =>
          operation.operationType === 'query' && hooks.getLocale() !== sentIn ? ask() : of(result),
        ),
      );
    };
    return ask();
  });

  const errors = new ErrorLink(({ error, operation }) => {
    const silent = Boolean(operation.getContext().silent);
    if (CombinedGraphQLErrors.is(error)) {
      let shown = false;
      for (const graphQLError of error.errors) {
        const ext = (graphQLError.extensions ?? {}) as {
          code?: string;
          alterMsg?: string | null;
          type?: number;
        };
        if (ext.code === 'UNAUTHENTICATED') {
          hooks.onUnauthenticated(operation.operationName);
          return;
        }
        if (ext.code === 'FORBIDDEN') {
          hooks.onForbidden(ext.alterMsg ?? null);
          return;
        }
        if (!silent && !shown && ext.alterMsg) {
          hooks.onErrorMessage(ext.alterMsg, ext.type ?? 2);
          shown = true;
        }
      }
      // A failed query is shown by its screen (the route's retry); a failed mutation has no
      // screen of its own to say so, so it is never left without a message.
      if (!silent && !shown && operation.operationType === 'mutation') hooks.onFailure?.();
      return;
    }
    if (!silent) hooks.onNetworkError?.(error);
  });

  const notices = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        const list = (result.extensions as { notices?: Notice[] } | undefined)?.notices;
        if (Array.isArray(list) && !operation.getContext().silent) {
          for (const notice of list) if (notice?.alterMsg) hooks.onNotice(notice);
        }
        return result;
      }),
    ),
  );

  // Refusals are data (payload `userErrors`), not errors: their toast is shown here, once.
  const refusals = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        const refusal = operation.getContext().silent ? null : firstUserError(result.data);
        if (refusal) hooks.onErrorMessage(refusal.message, 2);
        return result;
      }),
    ),
  );

  return ApolloLink.from([loadingLink, errors, notices, refusals, locale, http]);
}

/** The storefront's cache (its type policies): one definition, in type-policies.ts. */
export { createCache };

export function createApolloClient(hooks: ApolloHooks): ApolloClient {
  return new ApolloClient({
    link: createApolloLink(hooks),
    cache: createCache(),
    // A component sees only the fields its own query or fragment selects.
    dataMasking: true,
    defaultOptions: {
      // Show cached data at once and refresh quietly; one request per screen, no refetch storms.
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first' },
    },
  });
}
