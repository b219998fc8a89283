import type { RestShipment } from '@shop/common/rest/index.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Locale } from '../../i18n/index.ts';

/** The dictionary holding the shop's couriers (快递公司): code, Chinese and English name. */
export const COURIER_DICTIONARY = 'courier';

/**
 * The couriers' names in the reader's language, by code, for the codes given. A code the list
 * no longer holds has no entry: its shipment shows the code.
 */
export async function courierNames(
  db: Kysely<Database>,
  codes: readonly string[],
  locale: Locale,
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('dict_items')
    .select(['value', 'label', 'label_en'])
    .where('dict_key', '=', COURIER_DICTIONARY)
    .where('value', 'in', [...new Set(codes)])
    .execute();
  return new Map(rows.map((row) => [row.value, locale === 'en-GB' ? row.label_en : row.label]));
}

/** How the order left, or null when it has not (or left before couriers were recorded). */
export function shipmentOf(
  order: { courier_code: string | null; waybill_no: string | null },
  names: Map<string, string>,
): RestShipment | null {
  if (order.courier_code === null || order.waybill_no === null) return null;
  return {
    courierCode: order.courier_code,
    courierName: names.get(order.courier_code) ?? order.courier_code,
    waybillNo: order.waybill_no,
  };
}
