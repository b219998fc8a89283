/** The back office's categories and home cards (GET/POST/PUT /admin/category…, /admin/home-card…). */

/** A category as the back office edits it: both languages, its order and version. */
export interface RestAdminCategory {
  id: number;
  parentId: number | null;
  /** The slug of `/category/detail/:cardName`. */
  cardName: string;
  nameZh: string;
  nameEn: string;
  /** Place among its siblings, 1 first. */
  sort: number;
  /** The version an edit must name (compare-and-set). */
  version: number;
  /** What the storefront shows: the uploaded picture, else the drawing (in the caller's language). */
  icon: string;
  /** The uploaded picture's address, null while the drawing shows. */
  picture: string | null;
  /** Products filed directly under it. */
  productCount: number;
  /** Kept out of the storefront's category list and menus (with its sub-categories). */
  hidden: boolean;
  children: RestAdminCategory[];
}

/** A home card as the back office edits it. */
export interface RestAdminHomeCard {
  id: number;
  /** A code of the card kinds (banner, promotion, service). */
  kind: string;
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  /** A path of the shop, an http(s) address or '' (the goods list). */
  link: string;
  /** What the storefront shows: the uploaded picture, else the drawing (in the caller's language). */
  image: string;
  /** The uploaded picture's address, null while the drawing shows. */
  picture: string | null;
  sort: number;
  enabled: boolean;
  version: number;
}

/** GET /admin/home-card/list: every card (switched off too) in display order, and the kinds. */
export interface RestAdminHomeCards {
  cards: RestAdminHomeCard[];
  kinds: { code: string; name: string }[];
}
