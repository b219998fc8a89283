import type { ReactNode } from 'react';
import { ViewerButtonsDocument } from '../__generated__/graphql.ts';
import { useQuery } from '../app/query.ts';
import { useSessionContext } from './session-context.ts';

/**
 * Whether the server's button list (`resources.buttons`) permits an action, e.g. 'order:ship'.
 * Visitors have no buttons; while the list loads nothing is permitted, so an action never
 * flashes up and disappears.
 */
export function usePermission(code: string): boolean {
  const { isAuthenticated } = useSessionContext();
  const { data } = useQuery(ViewerButtonsDocument, { skip: !isAuthenticated });
  return Boolean(isAuthenticated && data?.resources?.buttons.includes(code));
}

/** Renders its children only when the server permits the button `code` (else `fallback`). */
export function Permitted({
  code,
  children,
  fallback = null,
}: {
  code: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(code) ? children : fallback;
}
