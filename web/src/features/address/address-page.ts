/**
 * The address page form's rules (/user/center/address?address=…, the form that works without
 * JavaScript): the shared address rules with the city chosen by its code from one list.
 */
import { sameSitePath } from '@shop/common/redirect-target.ts';
import { addressFields } from '@shop/common/validation/addresses.ts';
import { requiredText } from '@shop/common/validation/fields.ts';
import { z } from 'zod';

const { city: _text, ...fields } = addressFields;

export const addressPageSchema = z.object({ ...fields, cityCode: requiredText(12) });

/** The page form's address (`?address=new` or an id) and the page to return to (`back`). */
export function addressPageOf(params: URLSearchParams): { address: string; back: string | null } | null {
  const address = params.get('address');
  if (!address || address.length > 100) return null;
  return { address, back: params.get('back') };
}

/** The address page form's link: add (`new`) or edit an address, from `back` (the confirm page). */
export function addressPagePath(address: string, back?: string): string {
  const params = new URLSearchParams({ address });
  if (back) params.set('back', back);
  return `/user/center/address?${params}`;
}

/** The page form's name in the server's answers (AddressPageForm.tsx). */
export const ADDRESS_FORM = 'address';
/** The list's forms (default, delete), whose refusal 我的地址 shows above the list. */
export const ADDRESS_LIST_FORM = 'addresses';
/** 我的地址 */
export const ADDRESS_PANEL = '/user/center/address';

/** Where a saved form goes: the confirm page it came from (with the address chosen), else the list. */
export function addressReturn(back: string | null, addressId?: string): string {
  const path = back ? sameSitePath(back) : null;
  if (!path?.startsWith('/order/confirm')) return ADDRESS_PANEL;
  if (!addressId) return path;
  const url = new URL(path, 'http://shop.invalid');
  url.searchParams.set('addressId', addressId);
  return url.pathname + url.search;
}
