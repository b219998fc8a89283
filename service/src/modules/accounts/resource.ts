import type { AppContext } from '../../context.ts';
import type { MenuTable } from '../../db/types.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Locale } from '../../i18n/index.ts';

/** Menu item types (SPEC §4). */
export const MENU_MAIN = 1;
export const MENU_SUB = 2;
export const MENU_BUTTON = 3;

export interface MenuItem {
  id: number;
  name: string;
  routerName: string;
  routerPath: string;
  redirect: string | null;
  isEnabled: boolean;
  isHidden: boolean;
  isAlwaysShow: boolean;
  highlightMenu: string | null;
  type: number;
  children: MenuItem[];
}

export interface AccountResource {
  menus: MenuItem[];
  buttons: string[];
}

type MenuRow = Omit<MenuTable, 'id'> & { id: number };

/**
 * The caller's menus and button permissions, built from the stored rows: shoppers get the
 * 'shopper' rows, the admin the 'admin' rows too. A disabled row drops its whole subtree.
 */
export async function accountResource(
  ctx: AppContext,
  user: AuthUser,
  locale: Locale,
): Promise<AccountResource> {
  const audiences = user.isAdmin ? ['shopper', 'admin'] : ['shopper'];
  const rows: MenuRow[] = await ctx.db
    .selectFrom('menus')
    .selectAll()
    .where('audience', 'in', audiences)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const enabled = new Map(rows.filter((row) => row.is_enabled === 1).map((row) => [row.id, row]));
  const reachable = (row: MenuRow): boolean => {
    const seen = new Set<number>();
    let current: MenuRow | undefined = row;
    while (current) {
      if (seen.has(current.id)) return false;
      seen.add(current.id);
      if (current.parent_id === null) return true;
      current = enabled.get(current.parent_id);
    }
    return false;
  };
  const visible = [...enabled.values()].filter(reachable);

  const items = new Map<number, MenuItem>();
  for (const row of visible) {
    if (row.type === MENU_BUTTON) continue;
    items.set(row.id, {
      id: row.id,
      name: locale === 'en-GB' ? row.name_en : row.name,
      routerName: row.router_name,
      routerPath: row.router_path,
      redirect: row.redirect,
      isEnabled: true,
      isHidden: row.is_hidden === 1,
      isAlwaysShow: row.is_always_show === 1,
      highlightMenu: row.highlight_menu,
      type: row.type,
      children: [],
    });
  }
  const menus: MenuItem[] = [];
  for (const row of visible) {
    const item = items.get(row.id);
    if (!item) continue;
    const parent = row.parent_id === null ? undefined : items.get(row.parent_id);
    if (parent) parent.children.push(item);
    else if (row.parent_id === null) menus.push(item);
  }
  const buttons = [
    ...new Set(
      visible
        .filter((row) => row.type === MENU_BUTTON && row.permission)
        .map((row) => row.permission as string),
    ),
  ];
  return { menus, buttons };
}
