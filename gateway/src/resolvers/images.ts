import {
  type PictureFormat,
  type PictureSize,
  type PictureTransform,
  pictureVariant,
  sourceSizeOf,
} from '@shop/common/pictures.ts';
import type { ImageFormat, ImageTransformInput, Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';

/** What the `Image` type resolves from: the picture as stored (its fields answer a transform). */
export interface ImageModel {
  url: string;
  src: string;
  width: number | null;
  height: number | null;
  altText: string | null;
}

/** The public origin as a base URL, parsed once per value: a product list would parse it per picture. */
let parsedOrigin: { text: string; base: URL } | undefined;
function originBase(publicOrigin: string): URL {
  if (parsedOrigin?.text !== publicOrigin)
    parsedOrigin = { text: publicOrigin, base: new URL(`${publicOrigin}/`) };
  return parsedOrigin.base;
}

/**
 * A service picture address as an `Image`: `url` absolute on the public origin, for clients anywhere; `src`
 * this origin's path, for the pages the gateway serves; absolute addresses stay as they are in both. Sizes
 * are what common/pictures.ts knows of the shop's drawn pictures (a home card's by its kind).
 */
export function imageOf(
  ctx: Pick<GatewayContext, 'publicOrigin'>,
  address: string,
  altText: string | null,
  homeCardKind?: string,
): ImageModel {
  const base = originBase(ctx.publicOrigin);
  const absolute = new URL(address, base);
  const url = absolute.toString();
  const own = absolute.origin === base.origin;
  const src = own ? `${absolute.pathname}${absolute.search}` : url;
  const size: PictureSize = own ? sourceSizeOf(src, homeCardKind) : { width: null, height: null };
  return { url, src, ...size, altText };
}

const FORMATS: Record<ImageFormat, PictureFormat> = { AVIF: 'avif', WEBP: 'webp', JPG: 'jpg', PNG: 'png' };

const transformOf = (input: ImageTransformInput): PictureTransform => ({
  maxWidth: input.maxWidth,
  maxHeight: input.maxHeight,
  format: input.format ? FORMATS[input.format] : null,
});

/** The variant a transform asks for; null for pictures hosted elsewhere (they answer as stored). */
const variantOf = (image: ImageModel, transform: ImageTransformInput | null | undefined) =>
  transform ? pictureVariant(image.src, image, transformOf(transform)) : null;

/** Each field answers the stored picture, or with `transform` the variant's address and size. */
export const imageResolvers: Resolvers = {
  Image: {
    url: (image, { transform }) => {
      const variant = variantOf(image, transform);
      return variant ? new URL(variant.address, image.url).toString() : image.url;
    },
    src: (image, { transform }) => variantOf(image, transform)?.address ?? image.src,
    width: (image, { transform }) => (variantOf(image, transform) ?? image).width,
    height: (image, { transform }) => (variantOf(image, transform) ?? image).height,
  },
};
