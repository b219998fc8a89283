import type { AdjustmentReasonCode } from '../validation/stock.ts';
import type {
  RestPasswordChange,
  RestProfileChange,
  RestRealName,
  RestRegisterAnswer,
  RestRegistration,
  RestResources,
  RestTokenAnswer,
  RestUser,
} from './accounts.ts';
import type { RestAddress, RestAddressInput } from './addresses.ts';
import type { RestAdminOrderDetail } from './admin.ts';
import type { RestExcelDownload, RestImportReport } from './admin-excel.ts';
import type { RestProductPhoto, RestProductPhotos } from './admin-photos.ts';
import type { RestAdminProduct, RestProductChange, RestProductShelf } from './admin-products.ts';
import type { RestCart } from './cart.ts';
import type {
  RestCategory,
  RestProduct,
  RestProductPage,
  RestProductSort,
  RestSearchFacets,
  RestSearchSuggestion,
} from './catalogue.ts';
import type { RestAdminCategory, RestAdminHomeCard, RestAdminHomeCards } from './catalogue-structure.ts';
import type { RestBillEntry, RestDirection } from './ledger.ts';
import type {
  RestAfterSalesStep,
  RestLineSource,
  RestOrder,
  RestOrderPreview,
  RestOrderStatus,
  RestPlaceOrder,
  RestRefund,
  RestReviewStatus,
} from './orders.ts';
import type { RestPage, RestPageQuery } from './page.ts';
import type { RestPaymentResult, RestPayStart } from './payments.ts';
import type {
  RestCardList,
  RestConfig,
  RestNotice,
  RestOption,
  RestPaymentMethod,
  RestSettings,
} from './reference.ts';
import type { RestStockAdjustment, RestStockLedgerEntry } from './stock.ts';

/**
 * Every REST route of the shop service, declared once: the service's routers register their
 * handlers at `route.path` (Express syntax, under the `/service` base), and the gateway's one
 * caller (gateway/src/shop-client/) builds its requests from the same object, typed by the
 * route's params, query, body and answer — a wrong body or answer fails `npm run typecheck`.
 */

/** Lower case, as Express's router methods are named (`router[route.method](route.path, …)`). */
export type RouteMethod = 'get' | 'post' | 'put' | 'delete';

/** What a route carries besides its answer; a key left out is not sent. */
export interface RouteTypes {
  answer: unknown;
  query?: object;
  body?: unknown;
}

export interface Route<M extends RouteMethod = RouteMethod, P extends string = string, T = RouteTypes> {
  readonly method: M;
  readonly path: P;
  /**
   * The session: `true` the route needs one (a caller without one is refused before the call),
   * `false` the route is public and no token is ever sent, absent a token goes when there is one.
   */
  readonly auth?: boolean;
  /** Types only, never set: what the route's query, body and answer are. */
  readonly types?: T;
}

export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `{ id, photoId }` for `/admin/product/:id/photos/:photoId`: each fills one path segment. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** A route's declared types. */
export type TypesOf<R> = R extends Route<RouteMethod, string, infer T> ? T : never;
/** What a route answers (the envelope's `data`). */
export type AnswerOf<R> = TypesOf<R> extends { answer: infer A } ? A : never;

function route<const M extends RouteMethod, const P extends string>(method: M, path: P, auth?: boolean) {
  const declared = auth === undefined ? { method, path } : { method, path, auth };
  return { as: <T extends RouteTypes>() => declared as Route<M, P, T> };
}

/** The category and price filters of a search, as query parameters. */
export interface RestSearchFilter {
  categoryId?: string | number;
  cardName?: string;
  minPrice?: number;
  maxPrice?: number;
}

/** The filters of GET /shop/product/page. */
export interface RestProductFilter extends RestSearchFilter {
  keyword?: string;
  sort: RestProductSort;
}

/** The back office's product list filter (GET /admin/product/page). */
export interface RestAdminProductQuery {
  keyword?: string;
  categoryId?: string | number;
  shelf?: RestProductShelf;
}

/** A product's fields as the editor sends them: prices in yuan text, the service converts. */
export interface RestProductFields {
  nameZh?: string;
  nameEn?: string;
  descriptionZh?: string;
  descriptionEn?: string;
  categoryId?: string | number;
  price?: string;
  originalPrice?: string | null;
  stock?: number;
  isHot?: boolean;
  isNew?: boolean;
  onShelf?: boolean;
}

/** What an admin writes of a home card; `picture` undefined keeps the current one, null the drawing. */
export interface RestHomeCardContent {
  kind: string;
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  link: string;
  enabled: boolean;
  picture?: string | null;
}

/** Ids of a batch route, comma separated (`ids=3,5,8`). */
interface BatchQuery {
  ids: string;
}

interface Versioned {
  version: number;
}

/** A file's answer (a picture, a sheet, a page), not an envelope: no shop-client call can take it. */
type Bytes = never;

export const accountRoutes = {
  register: route('post', '/shop/shop-user/register', false).as<{
    body: RestRegistration;
    answer: RestRegisterAnswer;
  }>(),
  login: route('post', '/shop/shop-user/login', false).as<{
    body: { account: string; password: string };
    answer: RestTokenAnswer;
  }>(),
  refresh: route('post', '/refresh-token', false).as<{
    body: { refreshToken: string | undefined };
    answer: RestTokenAnswer;
  }>(),
  logout: route('post', '/shop/shop-user/logout', true).as<{
    body: { refreshToken: string | undefined };
    answer: null;
  }>(),
  detail: route('get', '/shop/shop-user/detail', true).as<{ answer: RestUser }>(),
  updateProfile: route('put', '/shop/shop-user', true).as<{ body: RestProfileChange; answer: RestUser }>(),
  changePassword: route('post', '/shop/shop-user/update-password', true).as<{
    body: RestPasswordChange;
    answer: null;
  }>(),
  realName: route('get', '/shop/user/real-name', true).as<{ answer: RestRealName }>(),
  verifyRealName: route('post', '/shop/user/real-name', true).as<{
    body: { realName: string; idNumber: string };
    answer: RestRealName;
  }>(),
  resources: route('get', '/account/resource', true).as<{ answer: RestResources }>(),
};

export const referenceRoutes = {
  areas: route('get', '/option/drop/area', false).as<{ answer: RestOption[] }>(),
  dictionary: route('get', '/option/dict/:key', false).as<{
    query: { withAll?: 'true' };
    answer: RestOption[];
  }>(),
  config: route('get', '/shop/system/config', false).as<{ answer: RestConfig }>(),
  settings: route('get', '/shop/system/settings', false).as<{ answer: RestSettings }>(),
  notices: route('get', '/shop/notice/list', false).as<{ answer: RestNotice[] }>(),
  cards: route('get', '/shop/card/list', false).as<{ answer: RestCardList }>(),
  cardImage: route('get', '/shop/card/image/:file', false).as<{ answer: Bytes }>(),
};

export const catalogueRoutes = {
  categories: route('get', '/shop/category/list', false).as<{ answer: RestCategory[] }>(),
  products: route('get', '/shop/product/page', false).as<{
    query: RestProductFilter & RestPageQuery;
    answer: RestProductPage;
  }>(),
  facets: route('get', '/shop/product/facets', false).as<{
    query: RestSearchFilter & { keyword: string };
    answer: RestSearchFacets;
  }>(),
  suggestions: route('get', '/shop/search/suggestions', false).as<{
    query: { keyword: string };
    answer: RestSearchSuggestion[];
  }>(),
  hot: route('get', '/shop/product/hot', false).as<{ query: RestPageQuery; answer: RestPage<RestProduct> }>(),
  newest: route('get', '/shop/product/new', false).as<{
    query: RestPageQuery;
    answer: RestPage<RestProduct>;
  }>(),
  /** One answer per id, in order; null where the product does not exist. */
  batch: route('get', '/shop/product/batch', false).as<{
    query: BatchQuery;
    answer: Array<RestProduct | null>;
  }>(),
  product: route('get', '/shop/product/:id', false).as<{ answer: RestProduct }>(),
  productImage: route('get', '/static/products/:file', false).as<{ answer: Bytes }>(),
  categoryImage: route('get', '/static/categories/:file', false).as<{ answer: Bytes }>(),
};

/** The shopper's single cart: every route answers the whole cart. */
export const cartRoutes = {
  get: route('get', '/shop/cart', true).as<{ answer: RestCart }>(),
  add: route('post', '/shop/cart/lines', true).as<{
    body: { productId: number | string; quantity: number };
    answer: RestCart;
  }>(),
  selectAll: route('put', '/shop/cart/select-all', true).as<{
    body: { selected: boolean };
    answer: RestCart;
  }>(),
  updateLine: route('put', '/shop/cart/lines/:id', true).as<{
    body: { quantity?: number; selected?: boolean };
    answer: RestCart;
  }>(),
  removeLine: route('delete', '/shop/cart/lines/:id', true).as<{ answer: RestCart }>(),
};

/** Delivery addresses; delete and set-default answer the list (the default may move). */
export const addressRoutes = {
  list: route('get', '/shop/address/list', true).as<{ answer: RestAddress[] }>(),
  create: route('post', '/shop/address', true).as<{ body: RestAddressInput; answer: RestAddress }>(),
  setDefault: route('put', '/shop/address/:id/default', true).as<{ answer: RestAddress[] }>(),
  update: route('put', '/shop/address/:id', true).as<{ body: RestAddressInput; answer: RestAddress }>(),
  remove: route('delete', '/shop/address/:id', true).as<{ answer: RestAddress[] }>(),
};

/** The shopper's orders; every transition answers the order as it is afterwards. */
export const orderRoutes = {
  /** One answer per id, in order; null where the order is not the shopper's. */
  afterSalesBatch: route('get', '/shop/order/after-sales', true).as<{
    query: BatchQuery;
    answer: Array<RestAfterSalesStep[] | null>;
  }>(),
  preview: route('post', '/shop/order/preview', true).as<{
    body: RestLineSource;
    answer: RestOrderPreview;
  }>(),
  place: route('post', '/shop/order', true).as<{ body: RestPlaceOrder; answer: RestOrder }>(),
  page: route('get', '/shop/order/page', true).as<{
    query: RestPageQuery & { status?: RestOrderStatus };
    answer: RestPage<RestOrder>;
  }>(),
  detail: route('get', '/shop/order/:id', true).as<{ answer: RestOrder }>(),
  cancel: route('post', '/shop/order/:id/cancel', true).as<{ answer: RestOrder }>(),
  receive: route('post', '/shop/order/:id/receive', true).as<{ answer: RestOrder }>(),
  refund: route('post', '/shop/order/:id/refund', true).as<{ body: { reason: string }; answer: RestOrder }>(),
  afterSales: route('get', '/shop/order/:id/after-sales', true).as<{ answer: RestAfterSalesStep[] }>(),
};

/** Starting a payment (the pay link), its result, and the payment provider's side. */
export const paymentRoutes = {
  start: route('post', '/shop/pay/:orderId', true).as<{
    body: { method?: RestPaymentMethod; returnUrl?: string };
    answer: RestPayStart;
  }>(),
  result: route('get', '/shop/pay/result/:orderId', true).as<{ answer: RestPaymentResult }>(),
  /** The provider's server-to-server notice (signed, no session). */
  notify: route('post', '/pay/lpay/notify', false).as<{ answer: Bytes }>(),
  /** The provider's checkout page: the token is a bearer secret (common/telemetry/secret-routes.ts). */
  checkout: route('get', '/pay/lpay/checkout/:token', false).as<{ answer: Bytes }>(),
  confirm: route('post', '/pay/lpay/checkout/:token/confirm', false).as<{ answer: Bytes }>(),
  cancel: route('post', '/pay/lpay/checkout/:token/cancel', false).as<{ answer: Bytes }>(),
};

/** The shopper's ledger (bills). */
export const ledgerRoutes = {
  bills: route('get', '/shop/account/bill/page', true).as<{
    query: RestPageQuery & { direction?: RestDirection };
    answer: RestPage<RestBillEntry>;
  }>(),
};

/** Uploads and signed downloads (through the gateway's proxy, not its shop client). */
export const fileRoutes = {
  upload: route('post', '/file/uploads', true).as<{ answer: unknown }>(),
  download: route('get', '/file/down', false).as<{ answer: Bytes }>(),
};

/** The back office's orders and refunds (the service answers 403 without the permission). */
export const adminRoutes = {
  orders: route('get', '/admin/order/page', true).as<{
    query: RestPageQuery & { status?: RestOrderStatus; orderNo?: string };
    answer: RestPage<RestOrder>;
  }>(),
  order: route('get', '/admin/order/:id', true).as<{ answer: RestAdminOrderDetail }>(),
  ship: route('post', '/admin/order/:id/ship', true).as<{
    body: { courier: string; waybillNo: string };
    answer: RestOrder;
  }>(),
  refunds: route('get', '/admin/refund/page', true).as<{
    query: RestPageQuery & { reviewStatus?: RestReviewStatus };
    answer: RestPage<RestRefund>;
  }>(),
  reviewRefund: route('post', '/admin/refund/:id/review', true).as<{
    body: { approve: boolean; remark: string };
    answer: RestRefund;
  }>(),
};

/** The back office's excel files (403 without `product:import`, `product:export` or `order:export`). */
export const excelRoutes = {
  importTemplate: route('get', '/admin/product/import-template', true).as<{ answer: Bytes }>(),
  importProducts: route('post', '/admin/product/import', true).as<{
    body: { fullfilename: string; dryRun: boolean };
    answer: RestImportReport;
  }>(),
  productExport: route('get', '/admin/product/export', true).as<{ answer: Bytes }>(),
  productExportLink: route('post', '/admin/product/export-link', true).as<{
    body: { shelf?: RestProductShelf };
    answer: RestExcelDownload;
  }>(),
  orderExportLink: route('post', '/admin/order/export-link', true).as<{
    body: { from?: string; to?: string; status?: RestOrderStatus };
    answer: RestExcelDownload;
  }>(),
  orderExport: route('get', '/admin/order/export', true).as<{ answer: Bytes }>(),
};

/** The back office's categories and home cards. */
export const catalogueStructureRoutes = {
  categories: route('get', '/admin/category/list', true).as<{ answer: RestAdminCategory[] }>(),
  createCategory: route('post', '/admin/category', true).as<{
    body: { cardName: string; nameZh: string; nameEn: string; parentId: string | null };
    answer: RestAdminCategory;
  }>(),
  reorderCategories: route('put', '/admin/category/order', true).as<{
    body: { parentId: string | null; categoryIds: string[] };
    answer: RestAdminCategory[];
  }>(),
  updateCategory: route('put', '/admin/category/:id', true).as<{
    body: { version: number; nameZh: string; nameEn: string; picture?: string | null };
    answer: RestAdminCategory;
  }>(),
  setCategoryHidden: route('put', '/admin/category/:id/hidden', true).as<{
    body: Versioned & { hidden: boolean };
    answer: RestAdminCategory;
  }>(),
  deleteCategory: route('delete', '/admin/category/:id', true).as<{
    body: Versioned;
    answer: { id: number };
  }>(),
  homeCards: route('get', '/admin/home-card/list', true).as<{ answer: RestAdminHomeCards }>(),
  createHomeCard: route('post', '/admin/home-card', true).as<{
    body: RestHomeCardContent;
    answer: RestAdminHomeCard;
  }>(),
  reorderHomeCards: route('put', '/admin/home-card/order', true).as<{
    body: { cardIds: string[] };
    answer: RestAdminHomeCards;
  }>(),
  updateHomeCard: route('put', '/admin/home-card/:id', true).as<{
    body: RestHomeCardContent & Versioned;
    answer: RestAdminHomeCard;
  }>(),
  removeHomeCard: route('delete', '/admin/home-card/:id', true).as<{
    body: Versioned;
    answer: { id: number };
  }>(),
};

/** Back-office products (403 without `product:view` / `product:edit`). */
export const productAdminRoutes = {
  page: route('get', '/admin/product/page', true).as<{
    query: RestAdminProductQuery & RestPageQuery;
    answer: RestPage<RestAdminProduct>;
  }>(),
  history: route('get', '/admin/product/:id/history', true).as<{ answer: RestProductChange[] }>(),
  product: route('get', '/admin/product/:id', true).as<{ answer: RestAdminProduct }>(),
  create: route('post', '/admin/product', true).as<{ body: RestProductFields; answer: RestAdminProduct }>(),
  update: route('put', '/admin/product/:id', true).as<{
    body: RestProductFields & Versioned;
    answer: RestAdminProduct;
  }>(),
  withdraw: route('post', '/admin/product/:id/withdraw', true).as<{
    body: Versioned;
    answer: RestAdminProduct;
  }>(),
  restore: route('post', '/admin/product/:id/restore', true).as<{
    body: Versioned;
    answer: RestAdminProduct;
  }>(),
};

/** A product's photographs (uploads go through POST /file/uploads first). */
export const productPhotoRoutes = {
  list: route('get', '/admin/product/:id/photos', true).as<{ answer: RestProductPhoto[] }>(),
  add: route('post', '/admin/product/:id/photos', true).as<{
    body: Versioned & { fullfilename: string };
    answer: RestProductPhotos;
  }>(),
  reorder: route('put', '/admin/product/:id/photos/order', true).as<{
    body: Versioned & { photoIds: string[] };
    answer: RestProductPhotos;
  }>(),
  setMain: route('put', '/admin/product/:id/photos/:photoId/main', true).as<{
    body: Versioned;
    answer: RestProductPhotos;
  }>(),
  remove: route('delete', '/admin/product/:id/photos/:photoId', true).as<{
    body: Versioned;
    answer: RestProductPhotos;
  }>(),
};

/** Stock adjustments and the stock ledger (403 without `stock:adjust`). */
export const stockRoutes = {
  adjust: route('post', '/admin/product/:id/stock', true).as<{
    body: { delta: number; reason: AdjustmentReasonCode; note?: string };
    answer: RestStockAdjustment;
  }>(),
  ledger: route('get', '/admin/product/:id/stock-ledger', true).as<{
    query: RestPageQuery;
    answer: RestPage<RestStockLedgerEntry>;
  }>(),
};

/** Every route by domain: `routes.cart.updateLine`. */
export const routes = {
  accounts: accountRoutes,
  reference: referenceRoutes,
  catalogue: catalogueRoutes,
  cart: cartRoutes,
  addresses: addressRoutes,
  orders: orderRoutes,
  payments: paymentRoutes,
  ledger: ledgerRoutes,
  files: fileRoutes,
  admin: adminRoutes,
  excel: excelRoutes,
  catalogueStructure: catalogueStructureRoutes,
  productAdmin: productAdminRoutes,
  productPhotos: productPhotoRoutes,
  stock: stockRoutes,
};

/**
 * The route's path with each `:name` filled from `params`, percent-encoded as one segment
 * (`/shop/cart/lines/:id` with `{ id: 'a/b' }` → `/shop/cart/lines/a%2Fb`).
 */
export function pathOf<P extends string>(path: P, params: PathParams<P> | undefined): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(values[name])));
}
