import type { Kysely } from 'kysely';
import { CATALOGUE_SCREENS, ORDER_SCREEN_BUTTONS } from '../../modules/accounts/back-office-menus.ts';
import { insertMenus, type SeedMenu } from '../../modules/accounts/menu-rows.ts';
import type { DialectName } from '../database.ts';
import type { Database } from '../types.ts';

/**
 * Gives a database seeded before the catalogue screens existed their menu rows and buttons, after
 * the rows already under the same parent. A new database has no menus yet when migrations run:
 * the seed (which runs after them) stores the same rows there, and skips any that exist.
 */
export async function up(database: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  const db = database as Kysely<Database>;
  const addUnder = async (parentRouterName: string, menus: SeedMenu[]) => {
    const parent = await db
      .selectFrom('menus')
      .select('id')
      .where('router_name', '=', parentRouterName)
      .executeTakeFirst();
    if (!parent) return;
    const last = await db
      .selectFrom('menus')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('parent_id', '=', parent.id)
      .executeTakeFirst();
    await insertMenus(db, menus, parent.id, Number(last?.sort ?? 0) + 1);
  };
  await addUnder('Admin', CATALOGUE_SCREENS);
  await addUnder('AdminOrders', ORDER_SCREEN_BUTTONS);
}
