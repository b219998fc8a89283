// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Images a phone can use: `Product.featuredImage` / `gallery` are absolute URLs on
 * PUBLIC_ORIGIN with size and alt text; the old relative string fields still answer but are
 * deprecated with a reason (additive change).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

describe('Image objects', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { PUBLIC_ORIGIN: 'https://shop.example' } });
  });
  afterAll(() => h.close());

  it('answers absolute URLs with size and alt text beside the deprecated relative ones', async () => {
    const res = await h.gql<any>(
      `{ products(page: { pageSize: 1 }) { records { name image images
        featuredImage { url src width height altText } gallery { url src width } } } }`,
      undefined,
      { headers: { 'accept-language': 'en-GB' } },
    );
    expect(res.errors).toBeUndefined();
    const product = res.data.products.records[0];
    expect(product.image.startsWith('/')).toBe(true);
    expect(product.featuredImage).toEqual({
      url: `https://shop.example${product.image}`,
      // the pages the gateway serves use the path: they load under any host name
      src: product.image,
      width: 400,
      height: 400,
      altText: product.name,
    });
    expect(product.gallery.map((image: any) => image.url)).toEqual(
      product.images.map((address: string) => `https://shop.example${address}`),
    );
    expect(product.gallery.map((image: any) => image.src)).toEqual(product.images);
  });

  it('gives categories, home cards and order lines the same Image objects', async () => {
    const res = await h.gql<any>(
      `{ categories { name icon iconImage { url src altText } }
         cards { cards { title image featuredImage { url src altText } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const category = res.data.categories[0];
    expect(category.iconImage).toEqual({
      url: `https://shop.example${category.icon}`,
      src: category.icon,
      altText: category.name,
    });
    const card = res.data.cards.cards[0];
    expect(card.featuredImage).toEqual({
      url: `https://shop.example${card.image}`,
      src: card.image,
      altText: card.title,
    });
    const fields = await h.gql<any>(
      `{ __type(name: "OrderItem") { fields { name type { ofType { name } } } } }`,
    );
    expect(fields.data.__type.fields).toContainEqual({
      name: 'featuredImage',
      type: { ofType: { name: 'Image' } },
    });
  });

  it('deprecates the relative string fields with a reason', async () => {
    const res = await h.gql<any>(
      `{ __type(name: "Product") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }`,
    );
    const fields = Object.fromEntries(res.data.__type.fields.map((f: any) => [f.name, f]));
    expect(fields.image).toMatchObject({
      isDeprecated: true,
      deprecationReason: expect.stringMatching(/featuredImage/),
    });
    expect(fields.images).toMatchObject({
      isDeprecated: true,
      deprecationReason: expect.stringMatching(/gallery/),
    });
    expect(fields.featuredImage.isDeprecated).toBe(false);
  });
});
