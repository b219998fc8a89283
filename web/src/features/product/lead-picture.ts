/**
 * The head picture of a page of products: the first card's, when it has one. The list shows that
 * card's picture at once (ProductList's `lead`), so the preload the head makes of it is used, and
 * the same picture previews the page when it is shared.
 */
import type { RouteHead } from '../../app/route-server.ts';
import { hasPicture, type PictureImage } from '../../components/Picture.tsx';
import { PRODUCT_CARD_SIZES } from './ProductCard.tsx';

type HeadPicture = Pick<PictureImage, 'src'> & { url: string; width?: number | null; height?: number | null };

export function leadPictureOf(
  records: ReadonlyArray<{ featuredImage?: HeadPicture | null }> | undefined,
): RouteHead['image'] {
  const first = records?.[0]?.featuredImage;
  return first && hasPicture(first) ? { ...first, sizes: PRODUCT_CARD_SIZES } : undefined;
}
