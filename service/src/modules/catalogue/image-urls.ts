/**
 * Addresses of the product and category pictures the service draws (see images.ts). They are
 * relative (/service/static/…) so the gateway can proxy them.
 */
export const STATIC_BASE = '/service/static';
export const productImageUrls = (id: number) => [
  `${STATIC_BASE}/products/${id}.svg`,
  `${STATIC_BASE}/products/${id}-2.svg`,
  `${STATIC_BASE}/products/${id}-3.svg`,
];
export const categoryIconUrl = (slug: string) => `${STATIC_BASE}/categories/${slug}.svg`;
