import type { Generated } from 'kysely';

/**
 * Table shapes shared by SQLite and PostgreSQL. Flags are 0/1 integers and times are
 * ISO-8601 UTC strings in both databases, so the same queries and results work on each.
 * Money columns are integer fen.
 */
export interface Database {
  app_secrets: AppSecretTable;
  users: UserTable;
  refresh_tokens: RefreshTokenTable;
  login_failures: LoginFailureTable;
  menus: MenuTable;
  areas: AreaTable;
  dict_items: DictItemTable;
  system_config: SystemConfigTable;
  notices: NoticeTable;
  card_kinds: CardKindTable;
  cards: CardTable;
  files: FileTable;
  categories: CategoryTable;
  products: ProductTable;
  product_history: ProductHistoryTable;
  product_photos: ProductPhotoTable;
  search_words: SearchWordTable;
  cart_lines: CartLineTable;
  addresses: AddressTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  payments: PaymentTable;
  payment_events: PaymentEventTable;
  refunds: RefundTable;
  refund_events: RefundEventTable;
  ledger_entries: LedgerEntryTable;
  stock_ledger: StockLedgerTable;
}

export interface AppSecretTable {
  name: string;
  value: string;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  phone: string;
  password_hash: string;
  name: string;
  avatar: string;
  /** 'male' | 'female' | '' */
  gender: string;
  is_real: number;
  real_name: string | null;
  id_number_masked: string | null;
  /** 1 while the seeded admin still has the password it was seeded with. */
  default_password: number;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  /** Hash of the token that replaced this one, once rotated. */
  replaced_by_hash: string | null;
  rotated_at: string | null;
  revoked_at: string | null;
  expires_at: string;
  /** Absolute end of the family; copied to each successor unchanged. */
  family_expires_at: string;
  created_at: string;
}

export interface LoginFailureTable {
  id: Generated<number>;
  /** 'account:<user id>', 'name:<unknown identifier>', 'ip:<address>' or 'register:<address>' (accounts/throttle.ts) */
  throttle_key: string;
  at: string;
}

export interface MenuTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  name_en: string;
  router_name: string;
  router_path: string;
  redirect: string | null;
  is_enabled: number;
  is_hidden: number;
  is_always_show: number;
  highlight_menu: string | null;
  /** 1 main, 2 sub, 3 button */
  type: number;
  /** 'shopper' (everyone signed in) or 'admin' */
  audience: string;
  /** Permission code for buttons (type 3). */
  permission: string | null;
  sort: number;
}

export interface AreaTable {
  code: string;
  parent_code: string | null;
  name: string;
  name_en: string;
  sort: number;
}

export interface DictItemTable {
  id: Generated<number>;
  dict_key: string;
  value: string;
  label: string;
  label_en: string;
  sort: number;
}

export interface SystemConfigTable {
  key: string;
  /** JSON text */
  value: string;
}

export interface NoticeTable {
  id: Generated<number>;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  published_at: string;
}

export interface CardKindTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string;
  sort: number;
}

export interface CardTable {
  id: Generated<number>;
  kind_code: string;
  title: string;
  title_en: string;
  subtitle: string;
  subtitle_en: string;
  image: string;
  link: string;
  sort: number;
  /** Bumped by every edit (compare-and-set, migration 012). */
  version: Generated<number>;
  /** An uploaded image's address shown instead of the drawing in `image`; '' for the drawing. */
  picture: Generated<string>;
  /** 1 shown on the home page, 0 kept but hidden. */
  enabled: Generated<number>;
}

export interface FileTable {
  id: Generated<number>;
  fullfilename: string;
  original_name: string;
  mime: string;
  size: number;
  user_id: number | null;
  created_at: string;
}

/** A product's uploaded photograph; the first by `sort` is the main one (migration 010). */
export interface ProductPhotoTable {
  id: Generated<number>;
  product_id: number;
  fullfilename: string;
  width: number;
  height: number;
  sort: number;
  created_at: string;
}

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  name_en: string;
  /** URL slug used by /category/detail/:cardName */
  card_name: string;
  icon: string;
  sort: number;
  /** Bumped by every edit (compare-and-set, migration 012). */
  version: Generated<number>;
  /** An uploaded image's address shown instead of the drawing in `icon`; '' for the drawing. */
  picture: Generated<string>;
  /** 1: kept out of the storefront's category list and menus, with its sub-categories (migration 015). */
  hidden: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  /** The words of the texts (catalogue/search-text.ts), the typo vocabulary's source. */
  search_text: string;
  /** Text index input: per-field word and suffix tokens (search_index / search_fts, migration 008). */
  search_tokens: Generated<string>;
  /** Names and descriptions normalised as ' word word ', for ranking and exact checks. */
  norm_name: Generated<string>;
  norm_name_en: Generated<string>;
  norm_description: Generated<string>;
  norm_description_en: Generated<string>;
  price: number;
  original_price: number | null;
  stock: number;
  sales: number;
  image: string;
  /** JSON array of image URLs */
  images: string;
  on_shelf: number;
  listed_at: string;
  created_at: string;
  updated_at: string;
  /** 1 when created, one more on every change: edits compare-and-set on it (migration 009). */
  version: Generated<number>;
  /** Set while withdrawn from sale (then on_shelf is 0 too); null otherwise. */
  withdrawn_at: string | null;
  /** The back office's picks for the hot and new lists (1/0). */
  is_hot: Generated<number>;
  is_new: Generated<number>;
}

/** One change of a product (migration 009): who, when, which fields before → after. */
export interface ProductHistoryTable {
  id: Generated<number>;
  product_id: number;
  /** The product's version this change produced. */
  version: number;
  actor_id: number;
  actor_account: string;
  /** created | updated | withdrawn | restored | photos | stock | imported */
  kind: string;
  /** JSON `[{field, before, after}]`. */
  changes: string;
  at: string;
}

/** The vocabulary of indexed Latin words that typo tolerance corrects a query word to. */
export interface SearchWordTable {
  id: Generated<number>;
  word: string;
}

export interface CartLineTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  quantity: number;
  selected: number;
  /** The unit price (fen) when the shopper added the product; null for lines from before it was kept. */
  added_price: number | null;
  created_at: string;
  updated_at: string;
}

export interface AddressTable {
  id: Generated<number>;
  user_id: number;
  recipient: string;
  phone: string;
  /** The city as the shopper wrote it; for an address with a `city_code`, its Chinese name then. */
  city: string;
  /** The city's code in the area list; null for a city written as text the list does not hold. */
  city_code: string | null;
  detail: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  /** 0 pending, 1 paid, 2 received (shipped), 3 complete, 4 cancel */
  status: number;
  /** 0 pending, 1 paid, 2 cancel, 3 refund */
  payment_status: number;
  payment_method: string;
  request_id: string;
  /** SHA-256 of the canonical body of the placing request; null for orders older than it. */
  request_hash: string | null;
  total_quantity: number;
  product_amount: number;
  shipping_fee: number;
  payable_amount: number;
  paid_amount: number;
  recipient: string;
  phone: string;
  /** The city as the address had it when the order was placed; its Chinese name when `city_code` is set. */
  city: string;
  /** The city's code in the area list at placing; null for a city written as text the list does not hold. */
  city_code: string | null;
  /** The city's English name at placing, set with `city_code`. */
  city_en: string | null;
  address_detail: string;
  payment_deadline: string;
  paid_at: string | null;
  shipped_at: string | null;
  /** The courier's code (dictionary `courier`); null until shipped, and for orders shipped before couriers were kept. */
  courier_code: string | null;
  /** The courier's waybill number; null like `courier_code`. */
  waybill_no: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  name_en: string;
  image: string;
  unit_price: number;
  quantity: number;
  amount: number;
}

export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  method: string;
  /** Hash of the hosted-page token in the pay URL. */
  token_hash: string;
  amount: number;
  /** 0 pending, 1 paid, 2 cancel, 3 refund */
  status: number;
  expires_at: string;
  paid_at: string | null;
  created_at: string;
}

export interface PaymentEventTable {
  event_id: string;
  order_id: number;
  type: string;
  payload: string;
  outcome: string;
  received_at: string;
}

export interface RefundTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  reason: string;
  amount: number;
  /** 1 pending, 2 passed, 3 rejected */
  review_status: number;
  remark: string;
  /** 'shopper' (an application), 'late-payment' (money after cancellation), 'duplicate-payment' */
  origin: string;
  /** The payment whose money goes back (null for orders paid without a payment link). */
  payment_id: number | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface RefundEventTable {
  id: Generated<number>;
  refund_id: number;
  review_status: number;
  remark: string;
  at: string;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  user_id: number;
  /** 0 expense (支出), 1 income (收入) */
  direction: number;
  amount: number;
  /** dictionary value of expensesType / incomeType */
  type: string;
  order_id: number | null;
  order_no: string;
  /** What caused the entry ('payment:<id>', 'refund:<id>'), unique: one entry per cause. */
  source: string;
  at: string;
}

/** One change of a product's stock (migration 011): an adjustment or what an order did. */
export interface StockLedgerTable {
  id: Generated<number>;
  product_id: number;
  /** Signed: + restock, cancel, refund; − sale, damage; either for a correction. */
  delta: number;
  /** restock | correction | damage (the back office) · sale | cancel | refund (orders) */
  reason: string;
  note: string;
  /** Who adjusted; null for an order's own changes. */
  actor_id: number | null;
  order_id: number | null;
  /** The product's stock right after this change. */
  stock_after: number;
  at: string;
}
