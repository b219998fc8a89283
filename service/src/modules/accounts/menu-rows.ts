import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { MENU_BUTTON } from './resource.ts';

/** A menu row to store, with the rows under it. */
export interface SeedMenu {
  name: string;
  nameEn: string;
  routerName: string;
  routerPath: string;
  redirect?: string;
  type: number;
  audience: 'shopper' | 'admin';
  permission?: string;
  isAlwaysShow?: boolean;
  /** Routed but not listed in the menu (e.g. a detail page). */
  isHidden?: boolean;
  highlightMenu?: string;
  children?: SeedMenu[];
}

/** A button row: a permission (code such as 'order:ship') attached to the screen at `path`. */
export function button(
  name: string,
  nameEn: string,
  routerName: string,
  permission: string,
  path: string,
  audience: SeedMenu['audience'] = 'admin',
): SeedMenu {
  return {
    name,
    nameEn,
    routerName,
    routerPath: path,
    highlightMenu: path,
    type: MENU_BUTTON,
    audience,
    permission,
  };
}

/**
 * Stores `menus` under `parentId`, sorted from `firstSort` on, and their children. A row whose
 * route name exists is left as it is (several instances may start at once), but its children are
 * still added.
 */
export async function insertMenus(
  db: Kysely<Database>,
  menus: SeedMenu[],
  parentId: number | null,
  firstSort = 1,
): Promise<void> {
  for (const [index, menu] of menus.entries()) {
    await db
      .insertInto('menus')
      .values({
        parent_id: parentId,
        name: menu.name,
        name_en: menu.nameEn,
        router_name: menu.routerName,
        router_path: menu.routerPath,
        redirect: menu.redirect ?? null,
        is_enabled: 1,
        is_hidden: menu.isHidden ? 1 : 0,
        is_always_show: menu.isAlwaysShow ? 1 : 0,
        highlight_menu: menu.highlightMenu ?? null,
        type: menu.type,
        audience: menu.audience,
        permission: menu.permission ?? null,
        sort: firstSort + index,
      })
      .onConflict((oc) => oc.column('router_name').doNothing())
      .execute();
    if (!menu.children?.length) continue;
    const row = await db
      .selectFrom('menus')
      .select('id')
      .where('router_name', '=', menu.routerName)
      .executeTakeFirstOrThrow();
    await insertMenus(db, menu.children, row.id);
  }
}
