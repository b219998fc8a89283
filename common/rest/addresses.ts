/** Delivery addresses. */

/** The address as an order keeps it. */
export interface RestAddressSnapshot {
  recipient: string;
  phone: string;
  city: string;
  detail: string;
}

/** GET /shop/address/list (and the list after delete / set default), POST/PUT /shop/address */
export interface RestAddress extends RestAddressSnapshot {
  id: number;
  isDefault: boolean;
}

/** The body of POST /shop/address and PUT /shop/address/:id */
export interface RestAddressInput extends RestAddressSnapshot {
  isDefault?: boolean | null;
}
