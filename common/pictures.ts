/**
 * Picture variants: the raster copies the service makes of its pictures (the drawn SVG cards and
 * uploaded photos) in a few widths and formats; the web asks them for raster pictures only (see
 * isVectorPicture). The addresses of the variants are built here and only here: the gateway
 * answers `Image.url(transform:)` with them, the web writes its `srcset` from them and the
 * service reads the same parameters back.
 */

/** The widths a variant is made in: a bounded set, so the disk holds at most this many per picture. */
export const PICTURE_WIDTHS = [200, 400, 800, 1200] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** The formats a variant is made in, by the name its address carries, with the type it is served as. */
export const PICTURE_TYPES = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
} as const;
export type PictureFormat = keyof typeof PICTURE_TYPES;

/** The query parameters of a variant's address (`…/1.svg?lang=zh-CN&w=400&fm=webp`). */
export const WIDTH_PARAM = 'w';
export const FORMAT_PARAM = 'fm';

/** A picture's size in pixels; null when the shop does not know it (an uploaded photo). */
export interface PictureSize {
  width: number | null;
  height: number | null;
}

/** The drawn product and category cards (service/src/modules/catalogue/images.ts). */
export const DRAWN_CARD_SIZE = { width: 400, height: 400 } as const;

/** The home-page card pictures by card kind (service/src/modules/reference/card-image.ts). */
export const HOME_CARD_SIZES: Record<string, { width: number; height: number }> = {
  banner: { width: 750, height: 300 },
  promotion: { width: 360, height: 200 },
  service: { width: 160, height: 160 },
};
export const HOME_CARD_DEFAULT_SIZE = { width: 360, height: 200 } as const;

const DRAWN_CARD = /^\/service\/static\/(?:products|categories)\/[^/?]+\.svg$/;
const HOME_CARD = /^\/service\/shop\/card\/image\/[a-z0-9-]+\.svg$/;
/** The shop's drawn pictures and uploaded photos, by path and query (one pattern: the web app ships it). */
const VARIANT_SOURCE =
  /^\/service\/(?:static\/(?:products|categories)\/[^/?]+\.svg|shop\/card\/image\/[a-z0-9-]+\.svg|file\/down\?fullfilename=[0-9a-f]{32}\.(?:jpe?g|png|gif|webp))(?:[?&]|$)/;

/** The path and query of an address: absolute ones are read without their origin. */
const pathOf = (address: string) => address.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');

/** Whether the service makes variants of the picture at this address (a path or an absolute URL). */
export const hasVariants = (address: string) => VARIANT_SOURCE.test(pathOf(address));

/**
 * Whether a picture is a vector drawing (SVG). One such file is sharp at every width and, compressed,
 * smaller than any raster copy of it, so the web shows it as it is; its raster variants are for
 * link previews and for clients that cannot draw SVG.
 */
export const isVectorPicture = (address: string) => /\.svg(?:[?#]|$)/i.test(pathOf(address));

/** The address of one variant of a picture the service makes variants of (see hasVariants). */
export const variantAddress = (address: string, width: PictureWidth, format: PictureFormat) =>
  `${address}${address.includes('?') ? '&' : '?'}${WIDTH_PARAM}=${width}&${FORMAT_PARAM}=${format}`;

/** `srcset` for one format: every made width. */
export const pictureSrcSet = (address: string, format: PictureFormat) =>
  PICTURE_WIDTHS.map((width) => `${variantAddress(address, width, format)} ${width}w`).join(', ');

/** The size the drawn pictures have at their source (null for others: uploads and foreign pictures). */
export function sourceSizeOf(address: string, homeCardKind?: string): PictureSize {
  const path = pathOf(address).split('?')[0];
  if (DRAWN_CARD.test(path)) return { ...DRAWN_CARD_SIZE };
  if (HOME_CARD.test(path)) return { ...(HOME_CARD_SIZES[homeCardKind ?? ''] ?? HOME_CARD_DEFAULT_SIZE) };
  return { width: null, height: null };
}

/** What a client asks a variant for (the schema's ImageTransformInput, in lower case). */
export interface PictureTransform {
  maxWidth?: number | null;
  maxHeight?: number | null;
  format?: PictureFormat | null;
}

/** A variant: its address (in the form the source address had) and its size when known. */
export interface PictureVariant {
  address: string;
  width: number | null;
  height: number | null;
  format: PictureFormat;
}

/** The format a variant has when none is asked: JPEG, the one every client shows. */
export const DEFAULT_PICTURE_FORMAT: PictureFormat = 'jpg';

/**
 * The variant width for a request: the widest made width within both bounds (a height bound is
 * turned into a width by the source's proportions, square when unknown), at least the narrowest
 * made width; with no bound, the source's own width (or the widest, when the source's is unknown).
 */
export function variantWidth(source: PictureSize, transform: PictureTransform): PictureWidth {
  const ratio = source.width && source.height ? source.width / source.height : 1;
  const bound = Math.min(
    transform.maxWidth || Number.POSITIVE_INFINITY,
    transform.maxHeight ? transform.maxHeight * ratio : Number.POSITIVE_INFINITY,
  );
  const target = bound === Number.POSITIVE_INFINITY ? (source.width ?? 1200) : bound;
  return PICTURE_WIDTHS.reduce<PictureWidth>(
    (best, width) => (width <= target ? width : best),
    PICTURE_WIDTHS[0],
  );
}

/**
 * The variant of a picture a transform asks for, or null when the service makes no variants of it
 * (a picture hosted elsewhere). Drawn pictures are vector: every width is made exactly. An upload
 * is not enlarged but to the widest (share) width, so its variant's size stays unknown (null) like
 * its own.
 */
export function pictureVariant(
  address: string,
  source: PictureSize,
  transform: PictureTransform,
): PictureVariant | null {
  if (!hasVariants(address)) return null;
  const width = variantWidth(source, transform);
  const format = transform.format ?? DEFAULT_PICTURE_FORMAT;
  const known = source.width && source.height;
  return {
    address: variantAddress(address, width, format),
    width: known ? width : null,
    height: known ? Math.round((width * source.height!) / source.width!) : null,
    format,
  };
}

/** The variant width and format an address asks for, when it asks for one (read by the service). */
export function requestedVariant(query: {
  [WIDTH_PARAM]?: unknown;
  [FORMAT_PARAM]?: unknown;
}): { width: PictureWidth; format: PictureFormat } | 'none' | 'invalid' {
  const width = query[WIDTH_PARAM];
  const format = query[FORMAT_PARAM];
  if (width === undefined && format === undefined) return 'none';
  const parsed = Number(width ?? NaN);
  const knownWidth = (PICTURE_WIDTHS as readonly number[]).includes(parsed);
  const knownFormat = typeof format === 'string' && Object.hasOwn(PICTURE_TYPES, format);
  if (!knownWidth || !knownFormat) return 'invalid';
  return { width: parsed as PictureWidth, format: format as PictureFormat };
}
