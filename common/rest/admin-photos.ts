/** A product's uploaded photographs in the back office (the storefront sees them as the product's images). */

/** One photograph; `main` is the first by `sort`, the one lists, cards and link previews show. */
export interface RestProductPhoto {
  id: number;
  productId: number;
  fullfilename: string;
  /** The download address (/service/file/down?fullfilename=…), the source of its variants. */
  url: string;
  width: number;
  height: number;
  sort: number;
  main: boolean;
  createdAt: string;
}

/** The answer of every photo write: the product's new version and its photos in order. */
export interface RestProductPhotos {
  productId: number;
  version: number;
  photos: RestProductPhoto[];
}
