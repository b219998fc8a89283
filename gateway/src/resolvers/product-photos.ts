import type { RestAdminProduct, RestProductPhoto, RestProductPhotos } from '@shop/common/rest/index.ts';
import { type Route, type RouteMethod, routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import type { GatewayContext } from '../context.ts';
import type { CallArgs, ShopRoute } from '../shop-client/index.ts';
import { imageOf } from './images.ts';

/** A product as a photo change answers it: its photos came with the change, no second call for them. */
type ProductWithPhotos = RestAdminProduct & { photos?: RestProductPhoto[] };

/**
 * Makes a photo change and answers the product, read after it: at the change's version with the photos the
 * change answered, or, when someone edited it meanwhile, as it is now.
 */
async function changePhotos<R extends ShopRoute & Route<RouteMethod, string, { answer: RestProductPhotos }>>(
  ctx: GatewayContext,
  route: R,
  ...args: CallArgs<R>
): Promise<{ product: ProductWithPhotos }> {
  const change = (await ctx.shop.call(route, ...args)) as RestProductPhotos;
  const product = await ctx.shop.call(routes.productAdmin.product, { params: { id: change.productId } });
  return { product: product.version === change.version ? { ...product, photos: change.photos } : product };
}

/** Back office: a product's photographs (uploads go through the file proxy first). */
export const productPhotoResolvers: Resolvers = {
  AdminProduct: {
    photos: (product, _args, ctx) =>
      (product as ProductWithPhotos).photos ??
      ctx.shop.call(routes.productPhotos.list, { params: { id: product.id } }),
  },
  ProductPhoto: {
    // Null sizes: upload variants are never enlarged; the photo's own width and height say what was uploaded.
    image: (photo, _args, ctx) => imageOf(ctx, photo.url, null),
    position: (photo) => photo.sort,
    isMain: (photo) => photo.main,
  },
  Mutation: {
    addProductPhoto: (_root, { input }, ctx) =>
      changePhotos(ctx, routes.productPhotos.add, {
        params: { id: input.productId },
        body: { version: input.version, fullfilename: input.fullfilename },
      }),
    reorderProductPhotos: (_root, { input }, ctx) =>
      changePhotos(ctx, routes.productPhotos.reorder, {
        params: { id: input.productId },
        body: { version: input.version, photoIds: input.photoIds },
      }),
    setMainProductPhoto: (_root, { input }, ctx) =>
      changePhotos(ctx, routes.productPhotos.setMain, {
        params: { id: input.productId, photoId: input.photoId },
        body: { version: input.version },
      }),
    removeProductPhoto: (_root, { input }, ctx) =>
      changePhotos(ctx, routes.productPhotos.remove, {
        params: { id: input.productId, photoId: input.photoId },
        body: { version: input.version },
      }),
  },
};
