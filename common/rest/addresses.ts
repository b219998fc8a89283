/** Delivery addresses. */

/** The address as an order keeps it. */
export interface RestAddressSnapshot {
  recipient: string;
  phone: string;
  /** Province and city in the caller's language ("广东省 广州市"), or the text as written without a code. */
  city: string;
  /** The city's code in the area list; null for a city written as text the list does not hold. */
  cityCode: string | null;
  /** The code of the city's province; null with `cityCode`. */
  provinceCode: string | null;
  detail: string;
}

/** GET /shop/address/list (and the list after delete / set default), POST/PUT /shop/address */
export interface RestAddress extends RestAddressSnapshot {
  id: number;
  isDefault: boolean;
}

/** The body of POST /shop/address and PUT /shop/address/:id */
export interface RestAddressInput {
  recipient: string;
  phone: string;
  /** The city as shown; a `cityCode` decides the stored city, in both languages. */
  city: string;
  /** A city of the area list (GET /option/drop/area, a province's child). */
  cityCode?: string | null;
  detail: string;
  isDefault?: boolean | null;
}
