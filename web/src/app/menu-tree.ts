import { matchPath } from 'react-router-dom';

/**
 * The server's menu tree (docs/product.md, "Server menus"), pure: which paths a user may open, where redirects go, which
 * entry is highlighted and where a user with menus lands. Unit-tested in tests/web/menu-routes.
 *
 * - Disabled items (and buttons, which are permissions, not routes) are dropped with their subtree.
 * - Hidden items are routed but not listed.
 * - A redirect that is not among the permitted paths falls back to the first visible permitted
 *   child path.
 * - `highlightMenu` names the listed entry to highlight while a hidden route is open.
 * - An item with a single listed child is listed as that child, unless `isAlwaysShow` keeps it
 *   as a parent with the child nested under it (menu-entries.ts, the sidebar's rule).
 */
export interface MenuNode {
  name: string;
  routerName: string;
  routerPath: string;
  redirect?: string | null;
  isEnabled: boolean;
  isHidden: boolean;
  isAlwaysShow?: boolean | null;
  highlightMenu?: string | null;
  type: string;
  children?: MenuNode[] | null;
}

type WithChildren<T extends MenuNode> = T & { children: Array<WithChildren<T>> };

export interface ProcessedMenu<T extends MenuNode = MenuNode> {
  /** Enabled items (recursively), buttons excluded, redirects fixed. */
  tree: Array<WithChildren<T>>;
  /** Every enabled route path (hidden ones included: routable, just not listed). */
  permittedPaths: Set<string>;
}

function dropDisabled<T extends MenuNode>(items: readonly T[] | null | undefined): Array<WithChildren<T>> {
  return (items ?? [])
    .filter((item) => item.isEnabled && item.type !== 'BUTTON')
    .map((item) => ({ ...item, children: dropDisabled(item.children as T[] | null | undefined) }));
}

function collectPaths(items: readonly MenuNode[], out: Set<string>): Set<string> {
  for (const item of items) {
    if (item.routerPath) out.add(item.routerPath);
    collectPaths(item.children ?? [], out);
  }
  return out;
}

/** The first visible permitted descendant path (depth first), or null. */
export function firstVisiblePath(items: readonly MenuNode[], permitted: Set<string>): string | null {
  for (const item of items) {
    if (item.isHidden) continue;
    const children = item.children ?? [];
    const leaf = children.filter((child) => !child.isHidden).length === 0;
    if (leaf && permitted.has(item.routerPath) && !item.routerPath.includes(':')) return item.routerPath;
    const nested = firstVisiblePath(children, permitted);
    if (nested) return nested;
  }
  return null;
}

export function processMenus<T extends MenuNode>(menus: readonly T[]): ProcessedMenu<T> {
  const tree = dropDisabled(menus);
  const permittedPaths = collectPaths(tree, new Set());
  const fix = (items: Array<WithChildren<T>>): Array<WithChildren<T>> =>
    items.map((item) => {
      const children = fix(item.children);
      let redirect = item.redirect ?? null;
      if (redirect && !permittedPaths.has(redirect)) redirect = firstVisiblePath(children, permittedPaths);
      return { ...item, redirect, children };
    });
  return { tree: fix(tree), permittedPaths };
}

/** The enabled items in display order, flattened (parents before their children). */
export function flattenMenus<T extends MenuNode>(
  items: ReadonlyArray<WithChildren<T>>,
): Array<WithChildren<T>> {
  return items.flatMap((item) => [item, ...flattenMenus(item.children)]);
}

/** The enabled item whose routerPath matches `pathname` (`/admin/orders/:orderId` matches `/admin/orders/7`). */
export function findMenuItem<T extends MenuNode>(
  processed: ProcessedMenu<T>,
  pathname: string,
): WithChildren<T> | null {
  const items = flattenMenus(processed.tree);
  return (
    items.find((item) => item.routerPath === pathname) ??
    items.find((item) => matchPath({ path: item.routerPath, end: true }, pathname)) ??
    null
  );
}

/** Whether the user's menus permit `pathname` (exactly or through a parameterised path). */
export function isPermittedPath(processed: ProcessedMenu, pathname: string): boolean {
  return findMenuItem(processed, pathname) !== null;
}

/** The listed entry to highlight on `pathname`: its item's `highlightMenu`, else its own path. */
export function highlightedPath(processed: ProcessedMenu, pathname: string): string | null {
  const item = findMenuItem(processed, pathname);
  if (!item) return null;
  return item.highlightMenu || item.routerPath;
}

/** Where a user with menus lands: the first top-level menu's (fixed) redirect or first visible path. */
export function landingPath(processed: ProcessedMenu): string | null {
  for (const item of processed.tree) {
    if (item.isHidden) continue;
    const target = item.redirect ?? firstVisiblePath(item.children, processed.permittedPaths);
    if (target) return target;
  }
  return null;
}

/** Where a path of a menu section should go: itself when permitted, else the section's fallback. */
export function resolveMenuPath(
  processed: ProcessedMenu,
  path: string,
  root = '/user/center',
): string | null {
  if (path !== root && isPermittedPath(processed, path)) return path;
  const menu = processed.tree.find((item) => item.routerPath === root);
  if (!menu) return null;
  return menu.redirect ?? firstVisiblePath(menu.children, processed.permittedPaths);
}
