// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Product photos through the gateway: the picture goes up through the upload proxy, the mutations
 * attach, order, promote and detach it, and the storefront and API clients see it with variants.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, rawRequest, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const PHOTOS = `id version photos { id isMain position width height
  image { src url(transform: { maxWidth: 400, format: AVIF }) } }`;
const ERRORS = 'userErrors { code field message }';
const ADD = `mutation($input: AddProductPhotoInput!) { addProductPhoto(input: $input) {
  product { ${PHOTOS} } ${ERRORS} } }`;
const REORDER = `mutation($input: ReorderProductPhotosInput!) { reorderProductPhotos(input: $input) {
  product { ${PHOTOS} } ${ERRORS} } }`;
const MAIN = `mutation($input: SetMainProductPhotoInput!) { setMainProductPhoto(input: $input) {
  product { ${PHOTOS} } ${ERRORS} } }`;
const REMOVE = `mutation($input: RemoveProductPhotoInput!) { removeProductPhoto(input: $input) {
  product { ${PHOTOS} } ${ERRORS} } }`;

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('product photos through GraphQL', () => {
  let h: GatewayHarness;
  let admin: CookieJar;
  let productId: string;

  async function signIn(account: string, password: string) {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return jar;
  }

  /** Uploads through the gateway's proxy as the web app does; answers the stored name. */
  async function upload(file: Buffer, name: string, type: string): Promise<string> {
    const { body, contentType } = multipart(file, name, type);
    const res = await rawRequest(h.url, {
      method: 'POST',
      path: '/service/file/uploads',
      headers: { 'content-type': contentType, origin: h.url, cookie: admin.header() },
      body,
    });
    const envelope = JSON.parse(res.body.toString());
    expect(envelope.success, res.body.toString()).toBe(true);
    return envelope.data.fullfilename;
  }

  const version = async () =>
    (
      await h.gql<any>(
        'query($id: ID!) { adminProduct(id: $id) { version } }',
        { id: productId },
        { jar: admin },
      )
    ).data?.adminProduct.version as number;

  beforeAll(async () => {
    h = await startGatewayHarness();
    admin = await signIn('admin', 'admin123');
    const row = await h.service.ctx.db
      .selectFrom('products')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    productId = String(row.id);
  });
  afterAll(() => h?.close());

  it('adds a WebP and a JPEG uploaded through the proxy, orders them, promotes one and removes one', async () => {
    const webp = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#e63946' } })
      .webp()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#1d3557' } })
      .jpeg()
      .toBuffer();
    const first = await upload(webp, 'front.webp', 'image/webp');
    const second = await upload(jpeg, 'side.jpg', 'image/jpeg');

    const added = await h.gql<any>(
      ADD,
      { input: { productId, version: await version(), fullfilename: first } },
      { jar: admin },
    );
    expect(added.errors).toBeUndefined();
    expect(added.data.addProductPhoto.userErrors).toEqual([]);
    const [photo] = added.data.addProductPhoto.product.photos;
    expect(photo).toMatchObject({ isMain: true, position: 0, width: 1600, height: 1200 });
    expect(photo.image.src).toBe(`/service/file/down?fullfilename=${first}`);
    expect(photo.image.url).toBe(
      `${h.config.publicOrigin}/service/file/down?fullfilename=${first}&w=400&fm=avif`,
    );

    const again = await h.gql<any>(
      ADD,
      { input: { productId, version: added.data.addProductPhoto.product.version, fullfilename: second } },
      { jar: admin },
    );
    let product = again.data.addProductPhoto.product;
    expect(product.photos.map((p: any) => p.isMain)).toEqual([true, false]);

    // The storefront shows the main photo, and API clients get its variants.
    const shop = await h.gql<any>(
      `query($id: ID!) { product(id: $id) { featuredImage { src url(transform: { maxWidth: 1200, format: JPG }) }
        gallery { src } } }`,
      { id: productId },
    );
    expect(shop.data.product.featuredImage.src).toBe(`/service/file/down?fullfilename=${first}`);
    expect(shop.data.product.featuredImage.url).toContain('&w=1200&fm=jpg');
    expect(shop.data.product.gallery.map((image: any) => image.src)).toHaveLength(2);
    const avif = await h.http.get(`/service/file/down?fullfilename=${first}&w=400&fm=avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');

    const reordered = await h.gql<any>(
      REORDER,
      {
        input: {
          productId,
          version: product.version,
          photoIds: [product.photos[1].id, product.photos[0].id],
        },
      },
      { jar: admin },
    );
    product = reordered.data.reorderProductPhotos.product;
    expect(product.photos[0].image.src).toContain(second);

    const promoted = await h.gql<any>(
      MAIN,
      { input: { productId, version: product.version, photoId: product.photos[1].id } },
      { jar: admin },
    );
    product = promoted.data.setMainProductPhoto.product;
    expect(product.photos[0]).toMatchObject({ isMain: true });
    expect(product.photos[0].image.src).toContain(first);

    const removed = await h.gql<any>(
      REMOVE,
      { input: { productId, version: product.version, photoId: product.photos[0].id } },
      { jar: admin },
    );
    product = removed.data.removeProductPhoto.product;
    expect(product.photos).toHaveLength(1);
    expect(product.photos[0]).toMatchObject({ isMain: true });
    expect(product.photos[0].image.src).toContain(second);
  });

  it('answers a stale version with PRODUCT_VERSION_CONFLICT as a user error, changing nothing', async () => {
    const current = await version();
    const name = await upload(
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'x.png',
      'image/png',
    );
    const res = await h.gql<any>(
      ADD,
      { input: { productId, version: current - 1, fullfilename: name } },
      { jar: admin, headers: { 'accept-language': 'en-GB' } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.addProductPhoto.product).toBeNull();
    expect(res.data.addProductPhoto.userErrors[0]).toMatchObject({ code: 'PRODUCT_VERSION_CONFLICT' });
    expect(await version()).toBe(current);
  });

  it('answers FORBIDDEN to a shopper on every photo mutation', async () => {
    const shopper = await signIn('demo', 'demo123');
    const input = { productId, version: 1 };
    for (const [query, variables] of [
      [ADD, { ...input, fullfilename: `${'a'.repeat(32)}.png` }],
      [REORDER, { ...input, photoIds: ['1'] }],
      [MAIN, { ...input, photoId: '1' }],
      [REMOVE, { ...input, photoId: '1' }],
    ] as const) {
      const res = await h.gql<any>(query, { input: variables }, { jar: shopper });
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });
});
