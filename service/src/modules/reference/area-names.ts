import { areaText } from '@shop/common/areas.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Locale } from '../../i18n/index.ts';

/** A city of the area list with its province, as an address line in both languages. */
export interface CityArea {
  code: string;
  provinceCode: string;
  /** "广东省 广州市" */
  zh: string;
  /** "Guangdong Guangzhou" */
  en: string;
}

/** The text of a city in the reader's language. */
export const cityAreaText = (area: CityArea, locale: Locale) => (locale === 'en-GB' ? area.en : area.zh);

/** The cities (not provinces) of these codes that the area list holds, by code. */
export async function cityAreas(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<Map<string, CityArea>> {
  const wanted = [...new Set(codes)];
  if (!wanted.length) return new Map();
  const rows = await db
    .selectFrom('areas as city')
    .innerJoin('areas as province', 'province.code', 'city.parent_code')
    .select([
      'city.code as code',
      'city.name as name',
      'city.name_en as nameEn',
      'province.code as provinceCode',
      'province.name as provinceName',
      'province.name_en as provinceNameEn',
    ])
    .where('city.code', 'in', wanted)
    .execute();
  return new Map(
    rows.map((row) => [
      row.code,
      {
        code: row.code,
        provinceCode: row.provinceCode,
        zh: areaText(row.provinceName, row.name),
        en: areaText(row.provinceNameEn, row.nameEn),
      },
    ]),
  );
}
