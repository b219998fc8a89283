import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../service/src/db/migrate.ts';
import type { Database } from '../../service/src/db/types.ts';
import {
  CATALOGUE_SCREENS,
  ORDER_SCREEN_BUTTONS,
} from '../../service/src/modules/accounts/back-office-menus.ts';
import { insertMenus, type SeedMenu } from '../../service/src/modules/accounts/menu-rows.ts';
import { SEED_MENUS } from '../../service/src/modules/accounts/seed.ts';
import { withDatabase } from './scratch-database.ts';

/** Every menu row as its parent, place and content: ids differ between databases, names do not. */
async function menuTree(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('menus as m')
    .leftJoin('menus as p', 'p.id', 'm.parent_id')
    .select([
      'm.router_name',
      'p.router_name as parent',
      'm.sort',
      'm.name',
      'm.name_en',
      'm.router_path',
      'm.type',
      'm.audience',
      'm.permission',
      'm.is_hidden',
      'm.highlight_menu',
    ])
    .orderBy('m.router_name')
    .execute();
  return rows.map((row) => ({ ...row, sort: Number(row.sort) }));
}

const added = new Set(
  [...CATALOGUE_SCREENS, ...ORDER_SCREEN_BUTTONS].flatMap((menu) => [
    menu.routerName,
    ...(menu.children ?? []).map((child) => child.routerName),
  ]),
);
/** The menus as seeded before the catalogue screens existed. */
const withoutAdded = (menus: SeedMenu[]): SeedMenu[] =>
  menus
    .filter((menu) => !added.has(menu.routerName))
    .map((menu) => ({ ...menu, children: menu.children && withoutAdded(menu.children) }));

describe('migration 013_back_office_menus', () => {
  it('gives an existing database the rows a fresh seed stores, and seeding again adds nothing', async () => {
    await withDatabase(async (fresh) => {
      const freshDb = fresh.db as unknown as Kysely<Database>;
      await migrateToLatest(fresh.db as never, fresh.dialect);
      // Migrations run before the seed: on a new database there is nothing for 013 to extend.
      expect(await menuTree(freshDb)).toEqual([]);
      await insertMenus(freshDb, SEED_MENUS, null);
      const seeded = await menuTree(freshDb);
      expect(seeded.map((row) => row.router_name)).toEqual(expect.arrayContaining([...added]));

      await withDatabase(async (old) => {
        const oldDb = old.db as unknown as Kysely<Database>;
        await migrateToLatest(old.db as never, old.dialect, '008_search_rank');
        await insertMenus(oldDb, withoutAdded(SEED_MENUS), null);
        expect((await menuTree(oldDb)).some((row) => added.has(row.router_name))).toBe(false);
        await migrateToLatest(old.db as never, old.dialect);
        expect(await menuTree(oldDb)).toEqual(seeded);
        await insertMenus(oldDb, SEED_MENUS, null);
        expect(await menuTree(oldDb)).toEqual(seeded);
      });
    });
  });
});
