import type { RestAddress, RestAddressSnapshot } from './addresses.ts';
import type { RestUnavailableReason } from './cart.ts';
import type { MoneyFen } from './page.ts';
import type { RestPaymentMethod } from './reference.ts';

/** Orders: list, detail, preview, refunds and after-sales steps. */

export type RestOrderStatus = 0 | 1 | 2 | 3 | 4;
export type RestPaymentStatus = 0 | 1 | 2 | 3;
export type RestReviewStatus = 1 | 2 | 3;

export interface RestOrderItem {
  id: number;
  productId: number;
  name: string;
  image: string;
  unitPrice: MoneyFen;
  quantity: number;
  amount: MoneyFen;
}

export interface RestRefund {
  id: number;
  orderId: number;
  orderNo?: string | null;
  origin: string;
  reason: string;
  amount: MoneyFen;
  reviewStatus: RestReviewStatus;
  remark: string;
  /** Back-office lists only. */
  account?: string | null;
  orderStatus?: RestOrderStatus | null;
  paymentStatus?: RestPaymentStatus | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** How an order left: the courier (code of the shop's list, name in the caller's language) and its waybill number. */
export interface RestShipment {
  courierCode: string;
  courierName: string;
  waybillNo: string;
}

/** GET /shop/order/:id, the records of /shop/order/page, every order transition */
export interface RestOrder {
  id: number;
  orderNo: string;
  status: RestOrderStatus;
  paymentStatus: RestPaymentStatus;
  paymentMethod: RestPaymentMethod | '' | null;
  /** Present on the detail; list records may leave it out. */
  items?: RestOrderItem[];
  totalQuantity: number;
  productAmount: MoneyFen;
  shippingFee: MoneyFen;
  payableAmount: MoneyFen;
  paidAmount: MoneyFen;
  address: RestAddressSnapshot;
  paymentDeadline: string | null;
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  /** Null until shipped, and for orders shipped before couriers were recorded. */
  shipment: RestShipment | null;
  receivedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Back-office lists only. */
  account?: string | null;
  refund: RestRefund | null;
  actions: { canPay: boolean; canCancel: boolean; canReceive: boolean; canRefund: boolean; canShip: boolean };
}

/** GET /shop/order/:id/after-sales (and per order of GET /shop/order/after-sales?ids=) */
export interface RestAfterSalesStep {
  reviewStatus: RestReviewStatus;
  remark: string;
  at: string;
}

export interface RestOrderPreviewItem {
  productId: number;
  cartLineId?: number | null;
  name: string;
  image: string;
  unitPrice: MoneyFen;
  quantity: number;
  amount: MoneyFen;
  stock: number;
  available: boolean;
  unavailableReason: RestUnavailableReason | null;
}

/** POST /shop/order/preview */
export interface RestOrderPreview {
  items: RestOrderPreviewItem[];
  totalQuantity: number;
  productAmount: MoneyFen;
  shippingFee: MoneyFen;
  payableAmount: MoneyFen;
  allAvailable: boolean;
  paymentMethods: { code: RestPaymentMethod; enabled: boolean }[];
  defaultAddress: RestAddress | null;
}

/** Which lines an order is made of: selected cart lines, or one product bought now. */
export interface RestLineSource {
  cartLineIds?: Array<number | string>;
  productId?: number | string;
  quantity?: number;
}

/** POST /shop/order */
export interface RestPlaceOrder extends RestLineSource {
  addressId: number | string;
  paymentMethod: RestPaymentMethod;
  requestId: string;
}
