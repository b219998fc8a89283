import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductTable } from '../../db/types.ts';
import { productImageUrls } from './image-urls.ts';
import { type SearchColumns, searchColumns } from './search-text.ts';

/** What a new product needs said; everything else has the catalogue's defaults. */
export interface NewProduct {
  category_id: number;
  name: string;
  name_en?: string;
  description?: string;
  description_en?: string;
  price: number;
  original_price?: number | null;
  stock: number;
  sales?: number;
  on_shelf?: boolean;
  image?: string;
  /** When it was listed; also its creation and last change. */
  listed_at: string;
}

/**
 * A product row ready to insert, with its search columns written from its texts so it is found
 * like any other (the seed, test fixtures and benches all insert through this).
 */
export function productRow(product: NewProduct): Insertable<ProductTable> & SearchColumns {
  const texts = {
    name: product.name,
    name_en: product.name_en ?? '',
    description: product.description ?? '',
    description_en: product.description_en ?? '',
  };
  return {
    ...texts,
    ...searchColumns(texts),
    category_id: product.category_id,
    price: product.price,
    original_price: product.original_price ?? null,
    stock: product.stock,
    sales: product.sales ?? 0,
    image: product.image ?? '',
    images: '[]',
    on_shelf: product.on_shelf === false ? 0 : 1,
    listed_at: product.listed_at,
    created_at: product.listed_at,
    updated_at: product.listed_at,
  };
}

/**
 * Gives newly inserted products their drawings as pictures (a drawing needs the product's id,
 * known only once the row exists), until photos replace them. Inside the caller's transaction.
 */
export async function drawNewProducts(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    const images = productImageUrls(id);
    await trx
      .updateTable('products')
      .set({ image: images[0], images: JSON.stringify(images) })
      .where('id', '=', id)
      .execute();
  }
}
