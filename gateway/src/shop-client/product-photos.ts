import type { RestProductPhoto, RestProductPhotos } from '@shop/common/rest/index.ts';
import { type Caller, segment } from './caller.ts';

/** A product's photographs in the back office (the service answers 403 without `product:edit`). */
export interface ProductPhotosClient {
  list(productId: string): Promise<RestProductPhoto[]>;
  add(productId: string, version: number, fullfilename: string): Promise<RestProductPhotos>;
  reorder(productId: string, version: number, photoIds: string[]): Promise<RestProductPhotos>;
  setMain(productId: string, version: number, photoId: string): Promise<RestProductPhotos>;
  remove(productId: string, version: number, photoId: string): Promise<RestProductPhotos>;
}

const base = (productId: string) => `/admin/product/${segment(productId)}/photos`;

export class RestProductPhotosClient implements ProductPhotosClient {
  constructor(private readonly upstream: Caller) {}

  list(productId: string) {
    return this.upstream.call<RestProductPhoto[]>({ method: 'GET', path: base(productId), auth: true });
  }

  add(productId: string, version: number, fullfilename: string) {
    return this.upstream.call<RestProductPhotos>({
      method: 'POST',
      path: base(productId),
      body: { version, fullfilename },
      auth: true,
    });
  }

  reorder(productId: string, version: number, photoIds: string[]) {
    return this.upstream.call<RestProductPhotos>({
      method: 'PUT',
      path: `${base(productId)}/order`,
      body: { version, photoIds },
      auth: true,
    });
  }

  setMain(productId: string, version: number, photoId: string) {
    return this.upstream.call<RestProductPhotos>({
      method: 'PUT',
      path: `${base(productId)}/${segment(photoId)}/main`,
      body: { version },
      auth: true,
    });
  }

  remove(productId: string, version: number, photoId: string) {
    return this.upstream.call<RestProductPhotos>({
      method: 'DELETE',
      path: `${base(productId)}/${segment(photoId)}`,
      body: { version },
      auth: true,
    });
  }
}
