import { areaText } from '@shop/common/areas.ts';
import type { Kysely } from 'kysely';
import { cityCodeOfText } from '../../modules/reference/area-match.ts';
import { citiesOf, PROVINCES } from '../../modules/reference/areas-data.ts';

/**
 * Addresses keep the city's code in the area list, so each reader sees its name in their own
 * language; an order keeps the code with the city's Chinese (`city`) and English (`city_en`) names
 * as they were at placing. Cities written before are looked up in the area list by their text in
 * either language: a match stores its code (and, on an order, both names), any other text stays
 * as written, with no code. Addresses with a code keep the Chinese name in `city` too, as a fallback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('addresses').addColumn('city_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('city_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('city_en', 'text').execute();

  const names = new Map<string, { zh: string; en: string }>();
  for (const province of PROVINCES) {
    for (const city of citiesOf(province)) {
      names.set(city.code, {
        zh: areaText(province.name, city.name),
        en: areaText(province.nameEn, city.nameEn),
      });
    }
  }
  // The typed tables of db/types.ts describe the latest schema; this one is as of 017.
  const old = db as Kysely<{
    addresses: { city: string; city_code: string | null };
    orders: { city: string; city_code: string | null; city_en: string | null };
  }>;

  const known = (city: string) => {
    const code = cityCodeOfText(city);
    const name = code === null ? undefined : names.get(code);
    return code !== null && name ? { code, ...name } : null;
  };

  const addressCities = await old.selectFrom('addresses').select('city').distinct().execute();
  for (const { city } of addressCities) {
    const area = known(city);
    if (!area) continue;
    await old
      .updateTable('addresses')
      .set({ city_code: area.code, city: area.zh })
      .where('city', '=', city)
      .execute();
  }

  const orderCities = await old.selectFrom('orders').select('city').distinct().execute();
  for (const { city } of orderCities) {
    const area = known(city);
    if (!area) continue;
    await old
      .updateTable('orders')
      .set({ city_code: area.code, city: area.zh, city_en: area.en })
      .where('city', '=', city)
      .execute();
  }
}
