import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { routes } from '@shop/common/rest/routes.ts';
import { type Request, type Response, Router } from 'express';
import multer from 'multer';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ApiError, badRequest, ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { fileMessages } from './messages.ts';
import { findDownload, formatBytes, storeUpload } from './service.ts';
import { sendVariant } from './variants.ts';

/** RFC 5987 encoding for `filename*`. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** Upload (signed-in users) and download (public, by generated name only). */
export function fileRoutes(ctx: AppContext): Router {
  const router = Router();
  const upload = multer({
    storage: multer.memoryStorage(),
    defParamCharset: 'utf8',
    limits: { fileSize: ctx.config.uploadMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 10_240 },
  }).single('file');

  /** Runs multer and turns its failures into envelopes (413 too large, 400 anything else). */
  const parseUpload = (req: Request, res: Response) =>
    new Promise<void>((resolve, reject) => {
      upload(req, res, (error: unknown) => {
        if (!error) return resolve();
        if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
          return reject(
            new ApiError(413, fileMessages['files.tooLarge'], {
              max: formatBytes(ctx.config.uploadMaxBytes),
            }),
          );
        }
        reject(badRequest(fileMessages['files.badForm']));
      });
    });

  on(router, routes.files.upload, requireUser(ctx), async (req, res) => {
    await parseUpload(req, res);
    if (!req.file) throw badRequest(fileMessages['files.missing']);
    const stored = await storeUpload(
      ctx,
      { buffer: req.file.buffer, originalName: req.file.originalname },
      req.user!.id,
    );
    ok(req, res, stored);
  });

  on(router, routes.files.download, async (req, res) => {
    const file = await findDownload(ctx, req.query.fullfilename);
    const picture = file.mime.startsWith('image/');
    const key = String(req.query.fullfilename).replace(/\W/g, '-');
    if (picture && (await sendVariant(ctx, req, res, async () => ({ file: file.absolutePath, key })))) return;
    const disposition = picture ? 'inline' : 'attachment';
    res.set({
      'Content-Type': file.mime,
      'Content-Length': String(file.size),
      'Content-Disposition': `${disposition}; filename="${String(req.query.fullfilename)}"; filename*=UTF-8''${encodeRfc5987(file.originalName)}`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    try {
      await pipeline(fs.createReadStream(file.absolutePath), res);
    } catch (error) {
      // Headers are gone already: end the connection instead of sending an envelope.
      req.log.warn({ err: error, file: file.absolutePath }, 'file download interrupted');
      res.destroy();
    }
  });

  return router;
}
