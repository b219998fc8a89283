import type { MoneyFen } from './page.ts';

/** Catalogue: the category tree and products. */

export type RestProductSort = 'default' | 'priceAsc' | 'priceDesc' | 'sales' | 'newest';

/** GET /shop/category/list (a tree) */
export interface RestCategory {
  id: number;
  name: string;
  cardName: string;
  icon: string;
  parentId?: number | null;
  children?: RestCategory[];
}

/** GET /shop/product/:id, the records of /shop/product/page|hot|new, /shop/product/batch */
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
