import fs from 'node:fs/promises';
import type { RestProductPhoto, RestProductPhotos } from '@shop/common/rest/admin-photos.ts';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Database, ProductPhotoTable } from '../../db/types.ts';
import { badRequest, notFound, refuse } from '../../http/envelope.ts';
import { checkPicture } from '../files/picture-check.ts';
import { claimedExtension, downloadUrl, findDownload } from '../files/service.ts';
import { isAcceptedExtension, isPicture } from '../files/types.ts';
import { bumpVersion, type ProductActor, recordProductChange } from '../product-admin/history.ts';
import { productAdminMessages } from '../product-admin/messages.ts';
import { photoMessages as m } from './messages.ts';
import { photosInOrder, syncProductImages } from './sync.ts';

/** The most photos a product keeps: a gallery shoppers page through, and a bound on the disk. */
export const MAX_PHOTOS_PER_PRODUCT = 10;

const toRest = (photo: Selectable<ProductPhotoTable>, index: number): RestProductPhoto => ({
  id: photo.id,
  productId: photo.product_id,
  fullfilename: photo.fullfilename,
  url: downloadUrl(photo.fullfilename),
  width: photo.width,
  height: photo.height,
  sort: index,
  main: index === 0,
  createdAt: photo.created_at,
});

/** A product's photos, main first. */
export async function productPhotos(db: Kysely<Database>, productId: number): Promise<RestProductPhoto[]> {
  return (await photosInOrder(db, productId)).map(toRest);
}

interface Change {
  productId: number;
  /** The version the editor saw: the change is refused when the product has moved on since. */
  version: number;
  actor: ProductActor;
}

/**
 * The start of every photo change, in its transaction: the product moves from the version the
 * editor saw to the next one (compare-and-set, which also holds the product's row until the
 * commit, so two changes of one product's photos never interleave); answers the photos it had.
 */
async function begin(trx: Kysely<Database>, change: Change, at: Date): Promise<string[]> {
  const product = await trx
    .selectFrom('products')
    .select('id')
    .where('id', '=', change.productId)
    .executeTakeFirst();
  if (!product) throw notFound(m['productPhoto.productNotFound']);
  if (!(await bumpVersion(trx, change.productId, change.version, {}, at))) {
    throw refuse(productAdminMessages['product.versionConflict']);
  }
  return (await photosInOrder(trx, change.productId)).map((photo) => photo.fullfilename);
}

/**
 * The end of every photo change: the storefront's picture columns follow the photos and the
 * history says which photos the product had before and after, by file name.
 */
async function finish(
  trx: Kysely<Database>,
  change: Change,
  before: readonly string[],
  at: Date,
): Promise<RestProductPhotos> {
  await syncProductImages(trx, change.productId);
  const photos = await productPhotos(trx, change.productId);
  const version = change.version + 1;
  await recordProductChange(trx, {
    productId: change.productId,
    actor: change.actor,
    kind: 'photos',
    version,
    at: at.toISOString(),
    changes: [{ field: 'photos', before, after: photos.map((photo) => photo.fullfilename) }],
  });
  return { productId: change.productId, version, photos };
}

/**
 * The size of an upload the caller made, read again from its bytes: the photo's record must not
 * trust anything but the file. A picture the upload checks would now refuse (stored before they
 * existed) is refused here and its file removed, so nothing of it is kept.
 */
async function uploadedPicture(ctx: AppContext, userId: number, fullfilename: string) {
  const row = await ctx.db
    .selectFrom('files')
    .select(['id', 'user_id'])
    .where('fullfilename', '=', fullfilename)
    .executeTakeFirst();
  const claimed = claimedExtension(fullfilename);
  const kind = isAcceptedExtension(claimed) && isPicture(claimed) ? claimed : null;
  if (!row || row.user_id !== userId || !kind) throw badRequest(m['productPhoto.notUploaded']);
  const file = await findDownload(ctx, fullfilename);
  const bytes = await fs.readFile(file.absolutePath);
  try {
    return await checkPicture(kind, bytes);
  } catch (error) {
    await ctx.db.deleteFrom('files').where('id', '=', row.id).execute();
    await fs.rm(file.absolutePath, { force: true });
    throw error;
  }
}

/** POST /admin/product/:id/photos — adds an upload as the product's last photo (its main one when first). */
export async function addPhoto(
  ctx: AppContext,
  actor: ProductActor,
  input: { productId: number; version: number; fullfilename: string },
): Promise<RestProductPhotos> {
  const size = await uploadedPicture(ctx, actor.id, input.fullfilename);
  const at = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const before = await begin(trx, { ...input, actor }, at);
    if (before.length >= MAX_PHOTOS_PER_PRODUCT)
      throw refuse(m['productPhoto.tooMany'], { max: MAX_PHOTOS_PER_PRODUCT });
    const taken = await trx
      .selectFrom('product_photos')
      .select('id')
      .where('fullfilename', '=', input.fullfilename)
      .executeTakeFirst();
    if (taken) throw refuse(m['productPhoto.alreadyAdded']);
    const last = await trx
      .selectFrom('product_photos')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('product_id', '=', input.productId)
      .executeTakeFirst();
    await trx
      .insertInto('product_photos')
      .values({
        product_id: input.productId,
        fullfilename: input.fullfilename,
        width: size.width,
        height: size.height,
        sort: last?.sort == null ? 0 : Number(last.sort) + 1,
        created_at: at.toISOString(),
      })
      .execute();
    return finish(trx, { ...input, actor }, before, at);
  });
}

/** Writes the photos' order: `ids[0]` becomes the main one. */
async function writeOrder(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await trx.updateTable('product_photos').set({ sort: index }).where('id', '=', id).execute();
  }
}

/** PUT /admin/product/:id/photos/order — the photos in a new order; each must be named once. */
export async function reorderPhotos(
  ctx: AppContext,
  actor: ProductActor,
  input: { productId: number; version: number; photoIds: number[] },
): Promise<RestProductPhotos> {
  const at = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const before = await begin(trx, { ...input, actor }, at);
    const current = (await photosInOrder(trx, input.productId)).map((photo) => photo.id);
    const named = new Set(input.photoIds);
    const same =
      named.size === input.photoIds.length &&
      named.size === current.length &&
      current.every((id) => named.has(id));
    if (!same)
      throw badRequest(
        m['productPhoto.orderMismatch'],
        {},
        { fields: { photoIds: m['productPhoto.orderMismatch'] } },
      );
    await writeOrder(trx, input.photoIds);
    return finish(trx, { ...input, actor }, before, at);
  });
}

/** The product's photo ids in order, refusing a photo id that is not one of them. */
async function idsWith(trx: Kysely<Database>, productId: number, photoId: number): Promise<number[]> {
  const ids = (await photosInOrder(trx, productId)).map((photo) => photo.id);
  if (!ids.includes(photoId)) throw notFound(m['productPhoto.notFound']);
  return ids;
}

/** PUT /admin/product/:id/photos/:photoId/main — the photo moves first; the others keep their order. */
export async function setMainPhoto(
  ctx: AppContext,
  actor: ProductActor,
  input: { productId: number; version: number; photoId: number },
): Promise<RestProductPhotos> {
  const at = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const before = await begin(trx, { ...input, actor }, at);
    const ids = await idsWith(trx, input.productId, input.photoId);
    await writeOrder(trx, [input.photoId, ...ids.filter((id) => id !== input.photoId)]);
    return finish(trx, { ...input, actor }, before, at);
  });
}

/**
 * DELETE /admin/product/:id/photos/:photoId — the photo leaves the product; the next becomes main.
 * Its file stays: orders placed while it was the main photo show it on their lines.
 */
export async function removePhoto(
  ctx: AppContext,
  actor: ProductActor,
  input: { productId: number; version: number; photoId: number },
): Promise<RestProductPhotos> {
  const at = ctx.now();
  return inTransaction(ctx.db, async (trx) => {
    const before = await begin(trx, { ...input, actor }, at);
    const ids = await idsWith(trx, input.productId, input.photoId);
    await trx.deleteFrom('product_photos').where('id', '=', input.photoId).execute();
    await writeOrder(
      trx,
      ids.filter((id) => id !== input.photoId),
    );
    return finish(trx, { ...input, actor }, before, at);
  });
}
