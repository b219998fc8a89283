import { hasVariants, isVectorPicture, pictureSrcSet, variantAddress } from '@shop/common/pictures.ts';
import type { ImgHTMLAttributes } from 'react';

/** The fields of the schema's `Image` a picture is drawn from (select these four where you show one). */
export interface PictureImage {
  /** The picture's path on this origin (the page works under any host name it is opened as). */
  src: string;
  width: number | null;
  height: number | null;
  altText: string | null;
}

/** A picture known only by its address (an avatar): its size and text are not known. */
export const pictureAt = (src: string): PictureImage => ({ src, width: null, height: null, altText: null });

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  image: PictureImage;
  /**
   * The text for screen readers; default the image's own alt text. Pass '' when the picture only
   * decorates something already named beside it (a card's title, a product link).
   */
  alt?: string;
  /**
   * How wide the layout shows the picture (the `sizes` attribute, e.g. `(max-width: 768px) 50vw,
   * 240px`): the browser picks the variant for it. Default: the given or known width in pixels.
   */
  sizes?: string;
}

/** Formats offered before the JPEG fallback, smallest first: the browser takes the first it shows. */
const MODERN_FORMATS = ['avif', 'webp'] as const;

/** The variants of a picture as `srcset`s per format, and the fallback address (a JPEG of 400 px). */
export interface PictureSources {
  sources: Array<{ type: string; srcSet: string }>;
  fallback: { src: string; srcSet: string };
}

/**
 * The variants the page offers for a picture, or null when it shows the picture's own file: a
 * drawing (SVG is sharp at every size and smaller than its raster copies) or a picture hosted
 * elsewhere, of which the shop makes no variants.
 */
export function pictureSources(src: string): PictureSources | null {
  return hasVariants(src) && !isVectorPicture(src)
    ? {
        sources: MODERN_FORMATS.map((format) => ({
          type: `image/${format}`,
          srcSet: pictureSrcSet(src, format),
        })),
        fallback: { src: variantAddress(src, 400, 'jpg'), srcSet: pictureSrcSet(src, 'jpg') },
      }
    : null;
}

/**
 * One picture of the catalogue: its address on this origin, and a size so the page keeps its place
 * while the picture loads (the given `width`/`height` win; else the picture's own, when known).
 * A raster picture the shop makes variants of (an uploaded photo) is a <picture> with AVIF and
 * WebP sources and a JPEG fallback, each a `srcset` the browser picks from by `sizes`.
 */
export function Picture({ image, alt, width, height, sizes, ...rest }: PictureProps) {
  const shownWidth = width ?? image.width ?? undefined;
  const text = alt ?? image.altText ?? '';
  const attributes = {
    width: shownWidth,
    height: height ?? image.height ?? undefined,
    ...rest,
  };
  const variants = pictureSources(image.src);
  if (!variants) return <img src={image.src} alt={text} {...attributes} />;
  const layout = sizes ?? `${shownWidth ?? 400}px`;
  return (
    <picture>
      {variants.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={layout} />
      ))}
      <img
        src={variants.fallback.src}
        srcSet={variants.fallback.srcSet}
        sizes={layout}
        alt={text}
        {...attributes}
      />
    </picture>
  );
}

/**
 * Whether an `Image` names a picture at all: a record stored without one (a home card may have
 * none) resolves to the bare address of the shop itself.
 */
export function hasPicture(image: Pick<PictureImage, 'src'>): boolean {
  return new URL(image.src || '/', 'http://shop.invalid').pathname !== '/';
}
