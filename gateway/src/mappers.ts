/**
 * The REST shapes of the shop service (DESIGN.md §2) that GraphQL types are resolved from.
 * codegen.ts maps each GraphQL type to one of these, so resolvers receive the REST data as is
 * and only fields that differ need a resolver. Money is integer fen, times ISO strings.
 */

/** `Money` is resolved from an integer amount in fen. */
export type MoneyFen = number;

/** REST order status 0 pending … 4 cancel; payment status 0 … 3; review status 1 … 3. */
export type RestOrderStatus = 0 | 1 | 2 | 3 | 4;

export interface RestPage<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** `Session` is resolved from these flags (the request's session, or the one just established). */
export interface SessionModel {
  isAuthenticated: boolean;
  defaultPassword: boolean;
}

export interface RestUser {
  id: number;
  account: string;
  name: string;
  avatar: string;
  phone: string;
  /** 'male' | 'female' | '' */
  gender: string;
  isReal: boolean;
  isAdmin: boolean;
}

export interface RestRealName {
  realName: string | null;
  idNumberMasked: string | null;
  isReal: boolean;
}

export interface RestMenuItem {
  name: string;
  routerName: string;
  routerPath: string;
  redirect: string | null;
  isEnabled: boolean;
  isHidden: boolean;
  isAlwaysShow: boolean;
  highlightMenu: string | null;
  type: number;
  children?: RestMenuItem[];
}

export interface RestResources {
  menus: RestMenuItem[];
  buttons: string[];
}

export interface RestConfig {
  shopName: string;
  siteTitle: string;
  currency: string;
  paymentMethods: { code: string; enabled: boolean }[];
  defaultPageSize: number;
  maxPageSize: number;
  paymentTtlSeconds: number;
}

export interface RestSettings {
  showSettings: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  customerService: string | null;
}

export interface RestOption {
  value: string;
  label: string;
  children?: RestOption[];
}

export interface RestNotice {
  id: number;
  title: string;
  content: string;
  publishedAt: string | null;
}

export interface RestCard {
  id: number;
  kind: string;
  title: string;
  subtitle: string;
  image: string;
  link: string;
}

export interface RestCardList {
  cards: RestCard[];
  kinds: { code: string; name: string }[];
}

export interface RestCategory {
  id: number;
  name: string;
  cardName: string;
  icon: string;
  children?: RestCategory[];
}

export interface RestProduct {
  id: number;
  categoryId: number;
  name: string;
  description: string;
  price: MoneyFen;
  originalPrice: MoneyFen | null;
  stock: number;
  sales: number;
  image: string;
  images: string[];
  onShelf: boolean;
  listedAt: string | null;
}

export interface RestCartLine {
  id: number;
  productId: number;
  quantity: number;
  selected: boolean;
  unitPrice: MoneyFen;
  subtotal: MoneyFen;
  available: boolean;
}

export interface RestCart {
  lines: RestCartLine[];
  totalQuantity: number;
  selectedTotal: MoneyFen;
  allSelected: boolean;
}

export interface RestAddress {
  id: number;
  recipient: string;
  phone: string;
  city: string;
  detail: string;
  isDefault: boolean;
}

export interface RestOrderItem {
  id: number;
  productId: number;
  name: string;
  image: string;
  unitPrice: MoneyFen;
  quantity: number;
  amount: MoneyFen;
}

export interface RestAddressSnapshot {
  recipient: string;
  phone: string;
  city: string;
  detail: string;
}

export interface RestOrder {
  id: number;
  orderNo: string;
  status: number;
  paymentStatus: number;
  paymentMethod: string | null;
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
  receivedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
}

export interface RestAfterSalesStep {
  reviewStatus: number;
  remark: string;
  at: string;
}

export interface RestRefund {
  id: number;
  orderId: number;
  orderNo: string;
  reason: string;
  amount: MoneyFen;
  reviewStatus: number;
  remark: string;
  createdAt: string;
  reviewedAt: string | null;
}

export interface RestOrderPreviewItem {
  productId: number;
  cartLineId?: number | null;
  name: string;
  image: string;
  unitPrice: MoneyFen;
  quantity: number;
  amount: MoneyFen;
}

export interface RestOrderPreview {
  items: RestOrderPreviewItem[];
  totalQuantity: number;
  productAmount: MoneyFen;
  shippingFee: MoneyFen;
  payableAmount: MoneyFen;
}

export interface RestPayStart {
  payUrl: string;
  expiresAt: string;
}

export interface RestPaymentResult {
  orderStatus: number;
  paymentStatus: number;
  paidAmount: MoneyFen;
  paidAt: string | null;
}

/** `PaymentResult` also needs the order id it was asked for. */
export type PaymentResultModel = RestPaymentResult & { orderId: number | string };

export interface RestBillEntry {
  id: number;
  direction: number;
  amount: MoneyFen;
  type: string;
  orderNo: string;
  at: string;
}

/** Payloads whose other fields are fetched only when selected (see their resolvers). */
export interface OrderPayloadModel {
  order: RestOrder;
}

export interface AddressesPayloadModel {
  address?: RestAddress;
  deletedId?: number | string;
}
