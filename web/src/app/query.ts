/**
 * `useQuery` as the app's components call it. In the browser it is Apollo Client's own hook. In
 * the server's render a component renders once and nothing it starts would be waited for (a
 * screen's data comes through `useSuspenseQuery`, the shell's is read before the render), so the
 * hook's answer is what the render's cache holds: the query read from it once, without the
 * observable query, subscription and memos Apollo's hook sets up for what happens later.
 */
import { NetworkStatus, type OperationVariables } from '@apollo/client';
import { skipToken, useApolloClient, useQuery as useWatchedQuery } from '@apollo/client/react';
import type { DocumentNode } from 'graphql';

interface ServerQueryOptions {
  variables?: OperationVariables;
  skip?: boolean;
  fetchPolicy?: string;
}

function useQueryOnce(query: DocumentNode, options: ServerQueryOptions | typeof skipToken = {}) {
  const client = useApolloClient();
  const skipped = options === skipToken || Boolean(options.skip);
  const { variables, fetchPolicy } = options === skipToken ? ({} as ServerQueryOptions) : options;
  const data = skipped ? undefined : (client.cache.readQuery({ query, variables }) ?? undefined);
  // Missing data is loading, as Apollo's hook reports it on the server; a cache-only query is not.
  const loading = !skipped && data === undefined && fetchPolicy !== 'cache-only';
  return {
    data,
    previousData: undefined,
    dataState: data === undefined ? 'empty' : 'complete',
    loading,
    error: undefined,
    networkStatus: loading ? NetworkStatus.loading : NetworkStatus.ready,
    called: !skipped,
    client,
    variables,
    refetch: () => client.query({ query, variables, fetchPolicy: 'network-only' }),
  };
}

export const useQuery: typeof useWatchedQuery = import.meta.env.SSR
  ? (useQueryOnce as unknown as typeof useWatchedQuery)
  : useWatchedQuery;
