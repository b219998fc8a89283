import type { RestMenuItem, RestMenuType, RestResources } from '@shop/common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import type { MenuTable } from '../../db/types.ts';
import type { AuthUser } from '../../http/auth.ts';
import type { Locale } from '../../i18n/index.ts';

/** Menu item types (docs/product.md, "Server menus"). */
export const MENU_MAIN = 1;
export const MENU_SUB = 2;
export const MENU_BUTTON = 3;

/** A REST menu item (common/rest/) whose children are always present. */
export interface MenuItem extends RestMenuItem {
  children: MenuItem[];
}

/** GET /account/resource (common/rest/). */
export interface AccountResource extends RestResources {
  menus: MenuItem[];
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
  // Walk the enabled rows from the roots in (sort, id) order: a disabled row hides its subtree.
  const childrenOf = new Map<number | null, MenuRow[]>();
  for (const row of rows) {
    if (row.is_enabled !== 1) continue;
    const siblings = childrenOf.get(row.parent_id) ?? [];
    siblings.push(row);
    childrenOf.set(row.parent_id, siblings);
  }
  const buttons: string[] = [];
  const seen = new Set<number>();
  const build = (parentId: number | null): MenuItem[] => {
    const items: MenuItem[] = [];
    for (const row of childrenOf.get(parentId) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      if (row.type === MENU_BUTTON) {
        if (row.permission && !buttons.includes(row.permission)) buttons.push(row.permission);
        build(row.id);
        continue;
      }
      items.push({
        id: row.id,
        name: locale === 'en-GB' ? row.name_en : row.name,
        routerName: row.router_name,
        routerPath: row.router_path,
        redirect: row.redirect,
        isEnabled: true,
        isHidden: row.is_hidden === 1,
        isAlwaysShow: row.is_always_show === 1,
        highlightMenu: row.highlight_menu,
        type: row.type as RestMenuType, // the menus table holds 1, 2 or 3 (MENU_*)
        children: build(row.id),
      });
    }
    return items;
  };
  const menus = build(null);
  return { menus, buttons };
}
