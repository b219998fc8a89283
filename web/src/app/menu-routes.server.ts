/**
 * Every path the static route table does not know, on the server: what the viewer's menus route
 * (200, or the item's redirect), a known screen the menus do not give ('无访问权限'), a visitor on
 * a known screen (log in first), or a missing page (404), decided before anything is sent.
 */
import { matchPath } from 'react-router-dom';
import { UserCenterMenusDocument } from '../__generated__/graphql.ts';
import { loginPath } from '../auth/redirect.ts';
import { buildMenuRoutes, isMenuScreenPath } from './menu-routes.tsx';
import { processMenus } from './menu-tree.ts';
import { type RouteServer, refusalCodes } from './route-server.ts';

export const critical: RouteServer['critical'] = async ({ client, url, signedIn }) => {
  const known = isMenuScreenPath(url.pathname);
  if (!signedIn)
    return known ? { status: 302, location: loginPath(url.pathname + url.search) } : { status: 404 };
  const { data, error } = await client.query({ query: UserCenterMenusDocument, errorPolicy: 'all' });
  refusalCodes(error);
  // A refused menu load signs the viewer out in the browser (docs/product.md, "Server menus").
  if (!data?.resources) return { status: 200 };
  const entry = buildMenuRoutes(processMenus(data.resources.menus)).find((candidate) =>
    matchPath({ path: candidate.path, end: true }, url.pathname),
  );
  if (entry?.screen) return { status: 200 };
  if (entry?.redirect) return { status: 302, location: entry.redirect };
  return known ? { status: 302, location: '/no-authority' } : { status: 404 };
};
