/** Reference data: shop config and settings, areas, dictionaries, notices, cards. */

export type RestPaymentMethod = 'lpay' | 'stripe' | 'wkpay';

/** GET /shop/system/config */
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

/** GET /shop/system/settings */
export interface RestSettings {
  showSettings: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  customerService: string | null;
}

/** GET /option/drop/area and /option/dict/:key */
export interface RestOption {
  value: string;
  label: string;
  children?: RestOption[];
}

/** GET /shop/notice/list */
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

/** GET /shop/card/list */
export interface RestCardList {
  cards: RestCard[];
  kinds: { code: string; name: string }[];
}
