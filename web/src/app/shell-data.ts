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
} from '../__generated__/graphql.ts';
import { refusalCodes, UpstreamUnavailable } from './route-server.ts';

/**
 * Whether the viewer is signed in. A failed shell read is thrown as UpstreamUnavailable (the page
 * cannot be answered for what it is); the signed-in parts' failures are left to the components
 * that read them (they render what they would without the data).
 */
export async function preloadShellData(client: ApolloClient): Promise<{ signedIn: boolean }> {
  const [session, shell] = await Promise.all([
    client.query({ query: SessionDocument, errorPolicy: 'all' }).catch((error: unknown) => ({ error })),
    client.query({ query: ShellDocument, errorPolicy: 'all' }).catch((error: unknown) => ({ error })),
  ]);
  // The shell's configuration is public and always there: its failure is an outage.
  if (shell.error || !('data' in shell) || !shell.data) throw new UpstreamUnavailable(shell.error);
  refusalCodes(session.error);
  const signedIn = 'data' in session && session.data?.session?.isAuthenticated === true;
  if (!signedIn) return { signedIn };
  // The menus query carries the buttons too. Two operations, not one: the gateway keeps the menus
  // for the session (its response cache works per operation) and answers the count from the
  // shopper's detail the session read, so neither asks the service again.
  const settle = (promise: Promise<unknown>) => promise.catch(() => undefined);
  await Promise.all([
    settle(client.query({ query: CartCountDocument })),
    settle(client.query({ query: UserCenterMenusDocument })),
  ]);
  return { signedIn };
}
