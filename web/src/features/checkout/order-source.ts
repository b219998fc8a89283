import type { OrderPreviewInput } from '../../__generated__/graphql.ts';
import { isProductId } from '../product/product-id.ts';

/** What to order, from the URL: `?lines=3,4` (cart lines) or `?productId=7&quantity=2` (buy now). */
export function orderSource(params: URLSearchParams): OrderPreviewInput | null {
  const lines = (params.get('lines') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[1-9]\d*$/.test(id));
  if (lines.length > 0) return { cartLineIds: lines };
  const productId = params.get('productId');
  const quantity = Number.parseInt(params.get('quantity') ?? '1', 10);
  if (isProductId(productId) && Number.isFinite(quantity) && quantity >= 1) {
    return { productId: productId.trim(), quantity };
  }
  return null;
}
