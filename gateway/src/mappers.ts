/**
 * The REST shapes of the shop service (DESIGN.md §2) that GraphQL types are resolved from.
 * codegen.ts maps each GraphQL type to one of these, so resolvers receive the REST data as is
 * and only fields that differ need a resolver. Money is integer fen, times ISO strings.
 */

/** `Money` is resolved from an integer amount in fen. */
export type MoneyFen = number;

/** REST values of the GraphQL enums (codegen maps each enum to one of these; see enumValues too). */
export type RestOrderStatus = 0 | 1 | 2 | 3 | 4;
export type RestPaymentStatus = 0 | 1 | 2 | 3;
export type RestReviewStatus = 1 | 2 | 3;
export type RestDirection = 0 | 1;
export type RestMenuType = 1 | 2 | 3;
export type RestPaymentMethod = 'lpay' | 'stripe' | 'wkpay';
export type RestGender = 'male' | 'female';
export type RestUnavailableReason = 'offShelf' | 'outOfStock' | 'insufficientStock';
export type RestProductSort = 'default' | 'priceAsc' | 'priceDesc' | 'sales' | 'newest';

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
  id: number;
  name: string;
  routerName: string;
  routerPath: string;
  redirect: string | null;
  isEnabled: boolean;
  isHidden: boolean;
  isAlwaysShow: boolean;
  highlightMenu: string | null;
  type: RestMenuType;
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
  paymentMethods: { code: RestPaymentMethod; enabled: boolean }[];
  defaultPageSize: number;
  maxPageSize: number;
  paymentTtlSeconds: number;
  uploadMaxBytes: number;
  timeZone: string;
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
  parentId?: number | null;
  children?: RestCategory[];
}

export interface RestProduct {
  id: number;
  categoryId: number;
  categoryName?: string | null;
  cardName?: string | null;
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
  unavailableReason: RestUnavailableReason | null;
  unavailableText: string | null;
  stock: number;
}

export interface RestCart {
  lines: RestCartLine[];
  totalQuantity: number;
  selectedQuantity: number;
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
  receivedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Back-office lists only. */
  account?: string | null;
  refund: RestRefund | null;
  actions: { canPay: boolean; canCancel: boolean; canReceive: boolean; canRefund: boolean };
}

export interface RestAfterSalesStep {
  reviewStatus: RestReviewStatus;
  remark: string;
  at: string;
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

export interface RestOrderBuyer {
  id: number;
  account: string;
  name: string;
  phone: string;
}

export interface RestPaymentAttempt {
  id: number;
  method: RestPaymentMethod;
  amount: MoneyFen;
  status: RestPaymentStatus;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
}

/** GET /admin/order/:id */
export interface RestAdminOrderDetail {
  order: RestOrder;
  buyer: RestOrderBuyer;
  payments: RestPaymentAttempt[];
  refunds: RestRefund[];
  refundSteps: RestAfterSalesStep[];
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

export interface RestPayStart {
  payUrl: string;
  expiresAt: string;
  amount: MoneyFen;
  orderId: number;
  orderNo: string;
}

export interface RestPaymentResult {
  orderId: number;
  orderNo: string;
  payableAmount: MoneyFen;
  orderStatus: RestOrderStatus;
  paymentStatus: RestPaymentStatus;
  paidAmount: MoneyFen;
  paidAt: string | null;
}

export interface RestBillEntry {
  id: number;
  direction: RestDirection;
  amount: MoneyFen;
  type: string;
  orderId: number | null;
  orderNo: string;
  at: string;
}

/** Payloads whose other fields are fetched only when selected (see their resolvers). */
export interface OrderPayloadModel {
  order: RestOrder;
}

/**
 * The success shapes of the payloads below; a refused mutation answers only `userErrors`
 * (resolvers/user-errors.ts), and its payload fields then resolve to null without running.
 */
export interface CartPayloadModel {
  cart: RestCart;
  removedLineId?: string;
}

export interface RefundPayloadModel {
  refund: RestRefund;
}

export interface ViewerPayloadModel {
  viewer: RestUser;
  realName?: RestRealName;
}

export interface AddressesPayloadModel {
  address?: RestAddress;
  deletedId?: number | string;
  /** The list when the REST answer already holds it (delete, set default). */
  addresses?: RestAddress[];
}

export interface LoginPayloadModel {
  /** Only for bearer clients; null when the session went into the cookie. */
  sessionToken: string | null;
  defaultPassword: boolean;
}

export interface RegisterPayloadModel {
  userId: number;
  sessionToken: string | null;
}

/** Payloads whose every field is resolved from the context (e.g. the session after logout). */
export type ContextPayloadModel = Record<string, never>;
