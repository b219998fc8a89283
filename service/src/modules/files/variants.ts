import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PICTURE_TYPES,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  requestedVariant,
} from '@shop/common/pictures.ts';
import type { Request, Response } from 'express';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/envelope.ts';
import { MAX_IMAGE_PIXELS } from './image-dimensions.ts';

/** The widest variant, the one link previews ask for. */
const SHARE_WIDTH = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1];

/**
 * Raster variants of the shop's pictures (common/pictures.ts names the widths and formats). Each
 * is made once from its source and kept under DATA_DIR/pictures, named by a hash of the source and
 * the variant, so a changed source (a renamed product redraws its card) gets new files and an
 * unchanged one is never encoded again. Concurrent requests for a variant being made wait for the
 * same encoding.
 */

/** A picture's source: the SVG the service draws, or an uploaded file. */
export type PictureSource = { svg: string } | { file: string; key: string };

/** Encoding settings: small files for the pages, close enough to the source for a shop card. */
function encode(image: sharp.Sharp, format: PictureFormat): sharp.Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 45, effort: 2, chromaSubsampling: '4:2:0' });
    case 'webp':
      return image.webp({ quality: 75, effort: 4 });
    case 'jpg':
      // JPEG has no transparency: the drawn cards' rounded corners become the page's white.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 9, palette: true });
  }
}

async function render(source: PictureSource, width: PictureWidth, format: PictureFormat): Promise<Buffer> {
  if ('svg' in source) {
    const svg = Buffer.from(source.svg);
    // Rasterised at the density that gives the width asked, so text and edges stay sharp.
    const declared = (await sharp(svg).metadata()).width ?? width;
    const density = Math.min(72 * (width / declared), 2400);
    return encode(sharp(svg, { density }).resize({ width }), format).toBuffer();
  }
  // A photo is not enlarged for the page, except to the share width: link previews (Facebook, X,
  // LinkedIn) want a picture at least that wide and show a smaller one as a thumbnail. Only its
  // first frame is used (an animated GIF becomes a still); decoding is bounded like the upload.
  const image = sharp(source.file, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const resized = image.resize({ width, withoutEnlargement: width < SHARE_WIDTH });
  return encode(resized, format).toBuffer();
}

const making = new Map<string, Promise<string>>();

const sourceKey = (source: PictureSource) =>
  'svg' in source ? createHash('sha256').update(source.svg).digest('hex').slice(0, 32) : source.key;

/**
 * The file of a variant, made first when it is not on disk yet. While it is being made, every
 * caller gets the same promise: one encoding however many ask at a time.
 */
export function variantFile(
  dataDir: string,
  source: PictureSource,
  width: PictureWidth,
  format: PictureFormat,
): Promise<string> {
  const dir = path.join(dataDir, 'pictures');
  const target = path.join(dir, `${sourceKey(source)}-${width}.${format}`);
  const pending = making.get(target);
  if (pending) return pending;
  const made = (async () => {
    const stat = await fs.stat(target).catch(() => null);
    if (stat?.isFile()) return target;
    const bytes = await render(source, width, format);
    await fs.mkdir(dir, { recursive: true });
    // Written aside and renamed: a reader never sees half a file.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, target);
    return target;
  })().finally(() => making.delete(target));
  making.set(target, made);
  return made;
}

/**
 * Answers a request for a variant (`?w=&fm=`), when the address asks for one: true when it did (the
 * caller sends its source otherwise). A width or format outside the made set is a 404, so no
 * address can make the service encode anything else. Served immutable: an upload's name is never
 * reused, and the address a view hands out for a drawn category or home card names the row's
 * version (catalogue-admin/shown-picture.ts), so a rename is a new address. A product's drawing
 * is addressed by its id alone: a renamed product keeps its old drawing in caches. The disk copy
 * is keyed by the drawing itself, so the service never answers an outdated one.
 */
export async function sendVariant(
  ctx: AppContext,
  req: Request,
  res: Response,
  source: () => Promise<PictureSource>,
): Promise<boolean> {
  const asked = requestedVariant(req.query);
  if (asked === 'none') return false;
  if (asked === 'invalid') throw notFound();
  const file = await variantFile(ctx.config.dataDir, await source(), asked.width, asked.format);
  res.type(PICTURE_TYPES[asked.format]);
  // The type is the variant's own, never a guess from its bytes (uploads come from shoppers).
  res.set('X-Content-Type-Options', 'nosniff');
  await new Promise<void>((resolve, reject) =>
    res.sendFile(file, { maxAge: '1y', immutable: true, lastModified: false }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  return true;
}
