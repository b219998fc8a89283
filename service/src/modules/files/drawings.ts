import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.ts';
import { sendVariant } from './variants.ts';

/**
 * The pictures the service draws (product, category and home cards) go out as the SVG they are
 * when no raster variant is asked: a browser shows that one file sharp at every size. SVG is text,
 * so it is compressed for the clients that accept it: a drawing of about a kilobyte goes out at
 * roughly half. Brotli 5 is as small as 9 on files this size at a tenth of the CPU.
 */
export const compressDrawings: RequestHandler = compression({
  threshold: 256,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
});

/**
 * Answers a drawing's address: its raster variant when the address asks one (`?w=&fm=`), else the
 * SVG itself with the given Cache-Control. The ETag is weak: the bytes differ by encoding while
 * the drawing is the same. The same address draws in either language (the image language), so
 * caches keep both apart.
 */
export async function sendDrawing(
  ctx: AppContext,
  req: Request,
  res: Response,
  svg: string,
  cacheControl: string,
): Promise<void> {
  res.vary('Accept-Language');
  if (await sendVariant(ctx, req, res, async () => ({ svg }))) return;
  const etag = `W/"${createHash('sha1').update(svg).digest('base64url')}"`;
  res.set({ 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': cacheControl, ETag: etag });
  // Express answers a matching If-None-Match with 304 and no body (`req.fresh`, weak tags and lists included).
  res.send(svg);
}
