import type { GatewayContext } from '../context.ts';

/** What the `Image` type resolves from. */
export interface ImageModel {
  url: string;
  src: string;
  width: number | null;
  height: number | null;
  altText: string | null;
}

/** The service's drawn pictures (service/src/modules/catalogue/images.ts) are 400 × 400 SVGs. */
const DRAWN_PICTURE = /^\/service\/static\/(products|categories)\/[^/?]+\.svg(\?|$)/;
const DRAWN_SIZE = 400;

/**
 * A picture address from the service as an `Image`: absolute on the public origin for clients
 * that load it from anywhere (`url`), and as this origin's path for the pages the gateway serves
 * (`src`); absolute addresses stay as they are in both.
 */
export function imageOf(
  ctx: Pick<GatewayContext, 'publicOrigin'>,
  address: string,
  altText: string | null,
): ImageModel {
  const absolute = new URL(address, `${ctx.publicOrigin}/`);
  const url = absolute.toString();
  const own = absolute.origin === new URL(ctx.publicOrigin).origin;
  const src = own ? `${absolute.pathname}${absolute.search}` : url;
  const drawn = DRAWN_PICTURE.test(address);
  return { url, src, width: drawn ? DRAWN_SIZE : null, height: drawn ? DRAWN_SIZE : null, altText };
}
