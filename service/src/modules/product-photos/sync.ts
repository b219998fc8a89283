import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { productImageUrls } from '../catalogue/image-urls.ts';
import { downloadUrl } from '../files/service.ts';

/**
 * A product's photos in the order shoppers see them: by `sort`, the first being the main one (ids
 * break ties, so the order is the same on both databases whatever the rows' history).
 */
export function photosInOrder(db: Kysely<Database>, productId: number) {
  return db
    .selectFrom('product_photos')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/**
 * Writes products.image and products.images from the photos table, inside the caller's
 * transaction. Every storefront read (pages, lists, search, cart, new order lines) takes the
 * product's pictures from those two columns, so they follow the photos without a join; a product
 * with no photo shows its drawings, as it did before it had any.
 */
export async function syncProductImages(trx: Kysely<Database>, productId: number): Promise<string[]> {
  const photos = await photosInOrder(trx, productId);
  const images = photos.length
    ? photos.map((photo) => downloadUrl(photo.fullfilename))
    : productImageUrls(productId);
  await trx
    .updateTable('products')
    .set({ image: images[0], images: JSON.stringify(images) })
    .where('id', '=', productId)
    .execute();
  return images;
}
