import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { on } from '../../http/route.ts';
import { idParam, parseInput, wholeNumber } from '../../http/validate.ts';
import { STORED_NAME } from '../files/types.ts';
import { photoMessages as m } from './messages.ts';
import { addPhoto, productPhotos, removePhoto, reorderPhotos, setMainPhoto } from './service.ts';

const version = wholeNumber().pipe(z.number().min(1));
const addBody = z.strictObject({
  version,
  fullfilename: z.string().regex(STORED_NAME, m['productPhoto.notUploaded']),
});
const orderBody = z.strictObject({ version, photoIds: z.array(idParam).min(1).max(100) });
const versionBody = z.strictObject({ version });

/**
 * Back office: a product's photographs (REST of the back office's photo uploader). Uploads go
 * through POST /file/uploads first; these routes attach, order and detach them. Every write
 * needs `product:edit` and the product's current version.
 */
export function productPhotoRoutes(ctx: AppContext): Router {
  const router = Router();
  const edit = [requireUser(ctx), requirePermission('product:edit')];

  on(
    router,
    routes.productPhotos.list,
    requireUser(ctx),
    requirePermission('product:view'),
    async (req, res) => {
      ok(req, res, await productPhotos(ctx.db, parseInput(idParam, req.params.id)));
    },
  );

  on(router, routes.productPhotos.add, ...edit, async (req, res) => {
    const productId = parseInput(idParam, req.params.id);
    const body = parseInput(addBody, req.body);
    ok(req, res, await addPhoto(ctx, req.user!, { productId, ...body }), m['productPhoto.added']);
  });

  on(router, routes.productPhotos.reorder, ...edit, async (req, res) => {
    const productId = parseInput(idParam, req.params.id);
    const body = parseInput(orderBody, req.body);
    ok(req, res, await reorderPhotos(ctx, req.user!, { productId, ...body }), m['productPhoto.reordered']);
  });

  on(router, routes.productPhotos.setMain, ...edit, async (req, res) => {
    const productId = parseInput(idParam, req.params.id);
    const photoId = parseInput(idParam, req.params.photoId);
    const body = parseInput(versionBody, req.body);
    const answer = await setMainPhoto(ctx, req.user!, { productId, photoId, ...body });
    ok(req, res, answer, m['productPhoto.mainSet']);
  });

  on(router, routes.productPhotos.remove, ...edit, async (req, res) => {
    const productId = parseInput(idParam, req.params.id);
    const photoId = parseInput(idParam, req.params.photoId);
    // The version may come as the body or, for clients that send no body with DELETE, the query.
    const body = parseInput(versionBody, req.body && Object.keys(req.body).length ? req.body : req.query);
    const answer = await removePhoto(ctx, req.user!, { productId, photoId, ...body });
    ok(req, res, answer, m['productPhoto.removed']);
  });

  return router;
}
