/** Delivery addresses. */

/** GET /shop/address/list (and the list after delete / set default), POST/PUT /shop/address */
export interface RestAddress {
  id: number;
  recipient: string;
  phone: string;
  city: string;
  detail: string;
  isDefault: boolean;
}

/** The address as an order keeps it. */
export interface RestAddressSnapshot {
  recipient: string;
  phone: string;
  city: string;
  detail: string;
}

/** The body of POST /shop/address and PUT /shop/address/:id */
export interface RestAddressInput {
  recipient: string;
  phone: string;
  city: string;
  detail: string;
  isDefault?: boolean | null;
}
