import type { ImgHTMLAttributes } from 'react';

/** The fields of the schema's `Image` a picture is drawn from (select these four where you show one). */
export interface PictureImage {
  /** The picture's path on this origin (the page works under any host name it is opened as). */
  src: string;
  width: number | null;
  height: number | null;
  altText: string | null;
}

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  image: PictureImage;
  /**
   * The text for screen readers; default the image's own alt text. Pass '' when the picture only
   * decorates something already named beside it (a card's title, a product link).
   */
  alt?: string;
}

/**
 * One picture of the catalogue: its address on this origin, and a size so the page keeps its place
 * while the picture loads (the given `width`/`height` win; else the picture's own, when known).
 */
export function Picture({ image, alt, width, height, ...rest }: PictureProps) {
  return (
    <img
      src={image.src}
      alt={alt ?? image.altText ?? ''}
      width={width ?? image.width ?? undefined}
      height={height ?? image.height ?? undefined}
      {...rest}
    />
  );
}

/**
 * Whether an `Image` names a picture at all: a record stored without one (a home card may have
 * none) resolves to the bare address of the shop itself.
 */
export function hasPicture(image: Pick<PictureImage, 'src'>): boolean {
  return new URL(image.src || '/', 'http://shop.invalid').pathname !== '/';
}
