import { ApolloLink } from '@apollo/client';
import { defer, finalize } from 'rxjs';

/**
 * The calls in flight that the page loading overlay counts. An operation leaves itself out with
 * `context: { hideLoading: true }` (background polls, a control with its own progress); a route
 * leaves the overlay out with its `meta.loading: false`.
 */
let inFlight = 0;
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

function setInFlight(next: number): void {
  inFlight = Math.max(0, next);
  // A query may start while a component renders (a suspending read, a hydrating screen's
  // refetch): the overlay hears of it after that render, as React allows no update of another
  // component during one.
  queueMicrotask(notify);
}

export const callsInFlight = {
  get: (): number => inFlight,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Counts each operation from its start until it completes, fails or is unsubscribed. */
export const loadingLink = new ApolloLink((operation, forward) => {
  if (operation.getContext().hideLoading) return forward(operation);
  return defer(() => {
    setInFlight(inFlight + 1);
    return forward(operation).pipe(finalize(() => setInFlight(inFlight - 1)));
  });
});
