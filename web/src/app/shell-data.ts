/**
 * The shell's own data (session, shop configuration, the signed-in user's cart count, buttons and
 * menus): read before a page is rendered on the server, so the header, the user menu and the
 * guards render in their final state in the first HTML (never a logged-out flash) while the
 * screen's own query streams in after them.
 */
import type { ApolloClient } from '@apollo/client';
import {
  CartCountDocument,
  SessionDocument,
  ShellDocument,
  UserCenterMenusDocument,
  ViewerButtonsDocument,
} from '../__generated__/graphql.ts';

/** Failures are left to the components that read the data (they render what they would without it). */
export async function preloadShellData(client: ApolloClient): Promise<void> {
  const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);
  const [session] = await Promise.all([
    settle(client.query({ query: SessionDocument })),
    settle(client.query({ query: ShellDocument })),
  ]);
  const signedIn = (session as { data?: { session?: { isAuthenticated?: boolean } } } | undefined)?.data
    ?.session?.isAuthenticated;
  if (!signedIn) return;
  await Promise.all([
    settle(client.query({ query: CartCountDocument })),
    settle(client.query({ query: ViewerButtonsDocument })),
    settle(client.query({ query: UserCenterMenusDocument })),
  ]);
}
