/**
 * The order, payment and refund-review states: each state's name (the GraphQL enum value), its
 * REST code and its label in both languages. The service's dictionaries, the GraphQL enums and
 * the web's catalogues all read these tables, so a label cannot differ between the back office,
 * the shopper's pages and the reference API.
 */
export type StatusLocale = 'zh-CN' | 'en-GB';

interface StatusEntry {
  readonly code: number;
  readonly label: Readonly<Record<StatusLocale, string>>;
}

export const orderStatuses = {
  PENDING: { code: 0, label: { 'zh-CN': '待付款', 'en-GB': 'Awaiting payment' } },
  PAID: { code: 1, label: { 'zh-CN': '待发货', 'en-GB': 'Awaiting delivery' } },
  RECEIVED: { code: 2, label: { 'zh-CN': '待收货', 'en-GB': 'Awaiting receipt' } },
  COMPLETE: { code: 3, label: { 'zh-CN': '已完成', 'en-GB': 'Complete' } },
  CANCEL: { code: 4, label: { 'zh-CN': '已取消', 'en-GB': 'Cancelled' } },
} as const satisfies Record<string, StatusEntry>;

export const paymentStatuses = {
  PENDING: { code: 0, label: { 'zh-CN': '待支付', 'en-GB': 'Pending' } },
  PAID: { code: 1, label: { 'zh-CN': '已支付', 'en-GB': 'Paid' } },
  CANCEL: { code: 2, label: { 'zh-CN': '已取消', 'en-GB': 'Cancelled' } },
  REFUND: { code: 3, label: { 'zh-CN': '已退款', 'en-GB': 'Refunded' } },
} as const satisfies Record<string, StatusEntry>;

export const reviewStatuses = {
  PENDING: { code: 1, label: { 'zh-CN': '待审核', 'en-GB': 'Pending review' } },
  PASSED: { code: 2, label: { 'zh-CN': '已通过', 'en-GB': 'Passed' } },
  REJECTED: { code: 3, label: { 'zh-CN': '已拒绝', 'en-GB': 'Rejected' } },
} as const satisfies Record<string, StatusEntry>;

type Codes<T extends Record<string, StatusEntry>> = { readonly [K in keyof T]: T[K]['code'] };

/** name → code, e.g. `{ PENDING: 0, PAID: 1, … }`. */
export function statusCodes<T extends Record<string, StatusEntry>>(table: T): Codes<T> {
  return Object.fromEntries(Object.entries(table).map(([name, { code }]) => [name, code])) as Codes<T>;
}

/**
 * One locale's labels as catalogue entries under a prefix, e.g.
 * `statusMessages('orderStatus.', orderStatuses, 'en-GB')` → `{ 'orderStatus.PAID': 'Awaiting delivery', … }`.
 */
export function statusMessages<P extends string, T extends Record<string, StatusEntry>>(
  prefix: P,
  table: T,
  locale: StatusLocale,
): Record<`${P}${keyof T & string}`, string> {
  return Object.fromEntries(
    Object.entries(table).map(([name, entry]) => [`${prefix}${name}`, entry.label[locale]]),
  ) as Record<`${P}${keyof T & string}`, string>;
}

/** `[code as text, zh-CN label, en-GB label]` rows, the shape of the service's dictionaries. */
export function statusDictionary(table: Record<string, StatusEntry>): Array<[string, string, string]> {
  return Object.values(table).map(({ code, label }) => [String(code), label['zh-CN'], label['en-GB']]);
}
