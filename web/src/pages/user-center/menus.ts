/**
 * Server menu processing (SPEC §2): disabled items are dropped; a redirect that is not among the
 * permitted paths falls back to the first visible permitted child path. Pure: unit-tested.
 */
export interface MenuNode {
  name: string;
  routerPath: string;
  redirect?: string | null;
  isEnabled: boolean;
  isHidden: boolean;
  type: string;
  children?: MenuNode[] | null;
}

export interface ProcessedMenu<T extends MenuNode = MenuNode> {
  /** Enabled items (recursively), buttons excluded. */
  tree: Array<T & { children: T[] }>;
  /** Every enabled route path (hidden ones included: routable, just not listed). */
  permittedPaths: Set<string>;
}

type WithChildren<T extends MenuNode> = T & { children: T[] };

function dropDisabled<T extends MenuNode>(items: readonly T[] | null | undefined): Array<WithChildren<T>> {
  return (items ?? [])
    .filter((item) => item.isEnabled && item.type !== 'BUTTON')
    .map((item) => ({ ...item, children: dropDisabled(item.children as T[] | null | undefined) as T[] }));
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
    if (leaf && permitted.has(item.routerPath)) return item.routerPath;
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
      const children = fix(item.children as Array<WithChildren<T>>);
      let redirect = item.redirect ?? null;
      if (redirect && !permittedPaths.has(redirect)) redirect = firstVisiblePath(children, permittedPaths);
      return { ...item, redirect, children };
    });
  return { tree: fix(tree), permittedPaths };
}

/** Where a path of the personal centre should go: itself when permitted, else the menu's fallback. */
export function resolveMenuPath(
  processed: ProcessedMenu,
  path: string,
  root = '/user/center',
): string | null {
  if (processed.permittedPaths.has(path) && path !== root) return path;
  const menu = processed.tree.find((item) => item.routerPath === root);
  if (!menu) return null;
  return menu.redirect ?? firstVisiblePath(menu.children, processed.permittedPaths);
}
