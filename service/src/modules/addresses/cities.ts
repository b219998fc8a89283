import { provinceCodeOf } from '@shop/common/areas.ts';
import type { RestAddress } from '@shop/common/rest/index.ts';
import type { Kysely, Selectable } from 'kysely';
import type { AddressTable, Database } from '../../db/types.ts';
import { badRequest } from '../../http/envelope.ts';
import { common } from '../../i18n/common.ts';
import type { Locale } from '../../i18n/index.ts';
import { cityCodeOfText } from '../reference/area-match.ts';
import { cityAreas, cityAreaText } from '../reference/area-names.ts';

/** The columns an address view is made of. */
export const addressColumns = [
  'id',
  'recipient',
  'phone',
  'city',
  'city_code',
  'detail',
  'is_default',
] as const;

export type AddressRow = Omit<Selectable<AddressTable>, 'user_id' | 'created_at' | 'updated_at'>;

/**
 * What an address stores of its city: the area list's code and the Chinese name (kept as a
 * fallback), so that each reader sees the name in their own language. A client that sends only
 * text gets the code when the text names a city of the list in either language; other text is
 * stored as written, without a code.
 */
export async function storedCity(
  db: Kysely<Database>,
  input: { city: string; cityCode?: string | null },
): Promise<{ city: string; city_code: string | null }> {
  const code = input.cityCode || cityCodeOfText(input.city);
  if (!code) return { city: input.city, city_code: null };
  const area = (await cityAreas(db, [code])).get(code);
  if (area) return { city: area.zh, city_code: area.code };
  if (!input.cityCode) return { city: input.city, city_code: null };
  throw badRequest(
    common['validation.invalid'],
    { field: 'field.city' },
    { fields: { cityCode: common['validation.invalid'] } },
  );
}

/** The addresses as REST answers them: a coded city is named in the reader's language. */
export async function viewsOf(
  db: Kysely<Database>,
  rows: AddressRow[],
  locale: Locale,
): Promise<RestAddress[]> {
  const areas = await cityAreas(
    db,
    rows.flatMap((row) => (row.city_code === null ? [] : [row.city_code])),
  );
  return rows.map((row) => {
    const area = row.city_code === null ? undefined : areas.get(row.city_code);
    return {
      id: row.id,
      recipient: row.recipient,
      phone: row.phone,
      city: area ? cityAreaText(area, locale) : row.city,
      cityCode: row.city_code,
      provinceCode: row.city_code === null ? null : (area?.provinceCode ?? provinceCodeOf(row.city_code)),
      detail: row.detail,
      isDefault: row.is_default === 1,
    };
  });
}
