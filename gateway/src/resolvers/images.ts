import type { GatewayContext } from '../context.ts';

/** What the `Image` type resolves from. */
export interface ImageModel {
  url: string;
  width: number | null;
  height: number | null;
  altText: string | null;
}

/** The service's drawn pictures (service/src/modules/catalogue/images.ts) are 400 × 400 SVGs. */
const DRAWN_PICTURE = /^\/service\/static\/(products|categories)\/[^/?]+\.svg(\?|$)/;
const DRAWN_SIZE = 400;

/** A relative address from the service as an `Image` on the public origin (absolute ones stay as they are). */
export function imageOf(
  ctx: Pick<GatewayContext, 'publicOrigin'>,
  address: string,
  altText: string | null,
): ImageModel {
  const url = new URL(address, `${ctx.publicOrigin}/`).toString();
  const drawn = DRAWN_PICTURE.test(address);
  return { url, width: drawn ? DRAWN_SIZE : null, height: drawn ? DRAWN_SIZE : null, altText };
}
