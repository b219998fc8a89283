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

/**
 * Bumped by each retry: a failed query's reference stays in Apollo's suspense cache (rejected) for
 * a while, so a retry asks for a fresh one under a new key instead of rethrowing the old error.
 */
const AttemptContext = createContext(0);

/**
 * The route's data: `useSuspenseQuery` keyed by the boundary's retry count. It suspends until the
 * answer is in (the skeleton shows, the loading overlay counts it) and throws failures to the
 * route's error boundary; pass `errorPolicy: 'all'` to render an expected refusal yourself
 * (a product that is off the shelf or gone).
 */
export function useRouteQuery<
  TData,
  TVariables extends OperationVariables,
  TOptions extends SkipToken | useSuspenseQuery.Options<NoInfer<TVariables>> = useSuspenseQuery.Options<
    NoInfer<TVariables>
  >,
>(
  query: TypedDocumentNode<TData, TVariables>,
  options?: TOptions,
): useSuspenseQuery.Result<
  TData,
  TVariables,
  // complete once it no longer suspends; empty when skipped or when errors go to the screen
  | 'complete'
  | 'streaming'
  | (SkipToken extends TOptions ? 'empty' : never)
  | (TOptions extends { errorPolicy: 'all' | 'ignore' } ? 'empty' : never)
> {
  const attempt = useContext(AttemptContext);
  const given: SkipToken | useSuspenseQuery.Options<NoInfer<TVariables>> | undefined = options;
  const withKey =
    given === undefined || typeof given === 'symbol'
      ? (given ?? { queryKey: ['route', attempt] })
      : { ...given, queryKey: ['route', attempt] };
  return useSuspenseQuery(query, withKey as useSuspenseQuery.Options<NoInfer<TVariables>>) as never;
}

/** While a route's data loads: its skeleton, counted by the page loading overlay (500 ms delay). */
function RouteFallback({ kind }: { kind: SkeletonKind }) {
  useTrackLoading(true);
  return <Skeleton kind={kind} />;
}

function RouteFailure({ error, resetErrorBoundary }: FallbackProps) {
  return <ErrorState message={errorText(error)} onRetry={resetErrorBoundary} />;
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
