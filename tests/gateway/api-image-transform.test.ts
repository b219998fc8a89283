// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * `Image.url(transform:)`: a client asks a size and format and gets the address of a variant the
 * service makes; loading that address through the gateway gives bytes of that type and size.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, rawRequest, startGatewayHarness } from './harness.ts';

const ORIGIN = 'https://shop.example';

describe('Image transforms', () => {
  let h: GatewayHarness;
  beforeAll(async () => {
    h = await startGatewayHarness({ gatewayEnv: { PUBLIC_ORIGIN: ORIGIN } });
  });
  afterAll(() => h.close());

  /** Loads an address of the public origin from the gateway under test. */
  const load = async (url: string) => {
    const address = new URL(url, ORIGIN);
    expect(address.origin).toBe(ORIGIN);
    return rawRequest(h.url, { path: `${address.pathname}${address.search}` });
  };

  it.each<[{ maxWidth?: number; maxHeight?: number; format?: string }, string, string, number]>([
    [{ maxWidth: 400, format: 'WEBP' }, 'image/webp', 'webp', 400],
    [{ maxWidth: 390, format: 'AVIF' }, 'image/avif', 'heif', 200],
    [{ maxWidth: 1200, format: 'JPG' }, 'image/jpeg', 'jpeg', 1200],
    [{ maxHeight: 900, format: 'PNG' }, 'image/png', 'png', 800],
    [{ maxWidth: 50 }, 'image/jpeg', 'jpeg', 200],
  ])(
    'a product picture with %o is a %s variant of the size it says',
    async (transform, type, format, width) => {
      const res = await h.gql<any>(
        `query($t: ImageTransformInput) { products(page: { pageSize: 1 }) { records {
        featuredImage { url src width height plain: url variant: url(transform: $t) path: src(transform: $t)
          variantWidth: width(transform: $t) variantHeight: height(transform: $t) } } } }`,
        { t: transform },
      );
      expect(res.errors).toBeUndefined();
      const image = res.data.products.records[0].featuredImage;
      expect(image).toMatchObject({ width: 400, height: 400, variantWidth: width, variantHeight: width });
      expect(image.plain).toMatch(/\.svg\?lang=zh-CN&v=\d+$/);
      expect(image.variant).toBe(`${ORIGIN}${image.path}`);
      expect(image.path).toBe(`${image.src}&w=${width}&fm=${transform.format?.toLowerCase() ?? 'jpg'}`);
      const picture = await load(image.variant);
      expect(picture.status).toBe(200);
      expect(picture.headers['content-type']).toBe(type);
      expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(picture.body).metadata()).toMatchObject({ format, width, height: width });
    },
  );

  it('a home banner keeps its proportions in every variant', async () => {
    const res = await h.gql<any>(
      `{ cards { cards { kind featuredImage { width height url(transform: { maxWidth: 800, format: AVIF })
        vw: width(transform: { maxWidth: 800, format: AVIF }) vh: height(transform: { maxWidth: 800, format: AVIF }) } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const banner = res.data.cards.cards.find((card: any) => card.kind === 'banner').featuredImage;
    expect(banner).toMatchObject({ width: 750, height: 300, vw: 800, vh: 320 });
    const picture = await load(banner.url);
    expect(picture.headers['content-type']).toBe('image/avif');
    expect(await sharp(picture.body).metadata()).toMatchObject({ width: 800, height: 320 });
  });

  it('without a transform every field answers the picture as stored', async () => {
    const res = await h.gql<any>(`{ categories { icon iconImage { url src width height } } }`);
    const category = res.data.categories[0];
    expect(category.iconImage).toEqual({
      url: `${ORIGIN}${category.icon}`,
      src: category.icon,
      width: 400,
      height: 400,
    });
  });

  it('documents the transform in the schema', async () => {
    const res = await h.gql<any>(
      `{ __type(name: "ImageFormat") { enumValues { name } }
         input: __type(name: "ImageTransformInput") { inputFields { name description } } }`,
    );
    expect(res.data.__type.enumValues.map((value: any) => value.name)).toEqual([
      'AVIF',
      'WEBP',
      'JPG',
      'PNG',
    ]);
    expect(res.data.input.inputFields.map((field: any) => field.name)).toEqual([
      'maxWidth',
      'maxHeight',
      'format',
    ]);
    for (const field of res.data.input.inputFields) expect(field.description).toBeTruthy();
  });
});
