/**
 * How a screen gets its data: the route's component reads its query with `useRouteQuery`
 * (Apollo's `useSuspenseQuery`), and the route around it (`RouteBoundary`, added by `routes.tsx`)
 * shows the skeleton while it loads and a retry panel when it fails. The same code runs in the
 * server render, where the boundary streams its content once the query has answered.
 */
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { type SkipToken, useSuspenseQuery } from '@apollo/client/react';
import { createContext, type ReactNode, Suspense, useContext, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { ErrorState } from '../components/ErrorState.tsx';
import { useTrackLoading } from '../components/LoadingOverlay.tsx';
import { Skeleton, type SkeletonKind } from '../components/Skeleton.tsx';
import { errorText } from '../features/page/errors.ts';
import { isChunkLoadError, useChunkReload, useReloadRetry } from './chunk-reload.ts';

/**
 * Bumped by each retry: a failed query's reference stays in Apollo's suspense cache (rejected) for
 * a while, so a retry asks for a fresh one under a new key instead of rethrowing the old error.
 */
const AttemptContext = createContext(0);

/**
 * The route's data: `useSuspenseQuery` keyed by the boundary's retry count. It suspends until the
 * answer is in (the skeleton shows, the loading overlay counts it) and throws failures to the
 * route's error boundary; pass `errorPolicy: 'all'` to render an expected refusal yourself
 * (a product that is off the shelf or gone). The result is typed from the options as Apollo's own
 * hook types it: `data` may be absent only with `skipToken` or an error policy that lets errors in.
 */
export function useRouteQuery<
  TData,
  TVariables extends OperationVariables,
  TOptions extends SkipToken | useSuspenseQuery.Options<NoInfer<TVariables>> | Record<string, never> = Record<
    string,
    never
  >,
>(
  query: TypedDocumentNode<TData, TVariables>,
  options?: TOptions,
): useSuspenseQuery.ResultForOptions<TData, TVariables, TOptions> {
  const attempt = useContext(AttemptContext);
  const withKey =
    options === undefined || typeof options === 'symbol'
      ? (options ?? { queryKey: ['route', attempt] })
      : { ...(options as object), queryKey: ['route', attempt] };
  return useSuspenseQuery(query, withKey as useSuspenseQuery.Options<NoInfer<TVariables>>) as never;
}

/** While a route's data loads: its skeleton, counted by the page loading overlay (500 ms delay). */
function RouteFallback({ kind }: { kind: SkeletonKind }) {
  useTrackLoading(true);
  return <Skeleton kind={kind} />;
}

/**
 * The route's failure and its retry. Code that failed to download (a lazy screen or form) stays
 * failed for React, so its retry loads the page again once the server answers, and the first
 * such failure reloads by itself (a deploy); anything else retries the screen in place.
 */
function RouteFailure({ error, resetErrorBoundary }: FallbackProps) {
  useChunkReload(error);
  const reload = useReloadRetry();
  return (
    <ErrorState message={errorText(error)} onRetry={isChunkLoadError(error) ? reload : resetErrorBoundary} />
  );
}

/**
 * One Suspense boundary and one error boundary per route. A retry renders the screen again
 * with fresh queries (no page reload); moving to another address resets the boundary too.
 */
export function RouteBoundary({ skeleton, children }: { skeleton: SkeletonKind; children: ReactNode }) {
  const location = useLocation();
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      FallbackComponent={RouteFailure}
      resetKeys={[location.pathname, location.search]}
      onReset={() => setAttempt((value) => value + 1)}
    >
      <AttemptContext.Provider value={attempt}>
        <Suspense fallback={<RouteFallback kind={skeleton} />}>{children}</Suspense>
      </AttemptContext.Provider>
    </ErrorBoundary>
  );
}
