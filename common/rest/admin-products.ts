import type { RestCategory } from './catalogue.ts';
import type { MoneyFen } from './page.ts';

/** The back office's products: both languages, raw flags, the version edits are made against. */

export type RestProductShelf = 'on' | 'off' | 'withdrawn';

export type RestProductChangeKind =
  | 'created'
  | 'updated'
  | 'withdrawn'
  | 'restored'
  | 'photos'
  | 'stock'
  | 'imported';

/** One field a change touched; values as stored (money in fen, flags as booleans). */
export interface RestProductFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** GET /admin/product/:id/history (newest first) */
export interface RestProductChange {
  id: number;
  productId: number;
  version: number;
  kind: RestProductChangeKind;
  actor: { id: number; account: string };
  at: string;
  changes: RestProductFieldChange[];
}

/** GET /admin/product/:id, the records of GET /admin/product/page, every write's answer */
export interface RestAdminProduct {
  id: number;
  version: number;
  nameZh: string;
  nameEn: string;
  descriptionZh: string;
  descriptionEn: string;
  categoryId: number;
  /** Named in the request's language; null when the category is gone. */
  category: RestCategory | null;
  price: MoneyFen;
  originalPrice: MoneyFen | null;
  stock: number;
  isHot: boolean;
  isNew: boolean;
  onShelf: boolean;
  withdrawn: boolean;
  withdrawnAt: string | null;
  shelf: RestProductShelf;
  updatedAt: string;
}
