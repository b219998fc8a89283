import { useCallback } from 'react';
import { type SessionViewer, useSessionContext } from './session-context.ts';

export type { SessionViewer } from './session-context.ts';

/** `{ isAuthenticated, viewer, loading }` of the current browser session. */
export function useSession(): { isAuthenticated: boolean; viewer: SessionViewer | null; loading: boolean } {
  const { isAuthenticated, viewer, loading } = useSessionContext();
  return { isAuthenticated, viewer, loading };
}

/**
 * Guard for actions that need an account (add to cart, buy now, …):
 * `const requireLogin = useRequireLogin(); if (!requireLogin()) return;`
 * Returns true when logged in; otherwise shows the 'please log in' prompt and returns false.
 */
export function useRequireLogin(): () => boolean {
  const { isAuthenticated, promptLogin } = useSessionContext();
  return useCallback(() => {
    if (isAuthenticated) return true;
    promptLogin();
    return false;
  }, [isAuthenticated, promptLogin]);
}
