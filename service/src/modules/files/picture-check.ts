import sharp from 'sharp';
import { badRequest } from '../../http/envelope.ts';
import {
  type Dimensions,
  imageDimensions,
  isOversized,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
} from './image-dimensions.ts';
import { fileMessages } from './messages.ts';
import type { PictureExtension } from './types.ts';

const tooLarge = (size: Dimensions) =>
  badRequest(fileMessages['files.imageTooLarge'], { max: MAX_IMAGE_SIDE, ...size });

/**
 * The size of an uploaded picture, read without decoding its pixels; refuses a picture too large
 * to keep and bytes no decoder reads. The header is read by hand first (a bomb is refused before
 * any library touches it), then sharp reads the metadata under the same pixel bound, so a file
 * whose signature is right and whose body is not a picture is refused too.
 */
export async function checkPicture(kind: PictureExtension, bytes: Buffer): Promise<Dimensions> {
  const header = kind === 'webp' ? null : imageDimensions(kind === 'jpeg' ? 'jpg' : kind, bytes);
  if (header && isOversized(header)) throw tooLarge(header);
  const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) throw badRequest(fileMessages['files.contentMismatch']);
  const size = { width: metadata.width, height: metadata.height };
  if (isOversized(size)) throw tooLarge(size);
  return size;
}
