import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCount, type TestService } from './harness.ts';
import { addProduct, type Shopper, startShop } from './orders-fixture.ts';
import { png } from './png-fixture.ts';
import type { TestSession } from './session-fixture.ts';

/** A solid-colour picture of the given size, encoded by sharp. */
const solid = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .toFormat(format)
    .toBuffer();

describe('product photos (back office)', () => {
  let service: TestService, buyer: Shopper, admin: TestSession;
  beforeAll(async () => ({ service, buyer, admin } = await startShop()));
  afterAll(() => service.close());

  const upload = async (bytes: Buffer, name: string, lang = 'zh-CN') =>
    service.http
      .post('/service/file/uploads')
      .set(admin.headers)
      .set('Accept-Language', lang)
      .attach('file', bytes, name);
  const uploaded = async (bytes: Buffer, name: string) => {
    const res = await upload(bytes, name);
    expect(res.body.success, res.text).toBe(true);
    return res.body.data.fullfilename as string;
  };
  const versionOf = async (productId: number) =>
    (
      await service.ctx.db
        .selectFrom('products')
        .select('version')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).version;
  const add = (productId: number, version: number, fullfilename: string, lang = 'zh-CN') =>
    service.http
      .post(`/service/admin/product/${productId}/photos`)
      .set(admin.headers)
      .set('Accept-Language', lang)
      .send({ version, fullfilename });
  const pictures = async (productId: number) => {
    const row = await service.ctx.db
      .selectFrom('products')
      .select(['image', 'images'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    return { image: row.image, images: JSON.parse(row.images) as string[] };
  };
  const uploadDir = () => service.config.uploadDir;

  it('adds a JPEG, a PNG, a WebP and a GIF; the first is main; the product shows them, version and history follow', async () => {
    const productId = await addProduct(service);
    let version = await versionOf(productId);
    const names: string[] = [];
    for (const [format, ext] of [
      ['jpeg', 'jpg'],
      ['png', 'png'],
      ['webp', 'webp'],
      ['gif', 'gif'],
    ] as const) {
      const name = await uploaded(await solid(format), `photo.${ext}`);
      const res = await add(productId, version, name);
      expect(res.body, res.text).toMatchObject({ success: true, message: 'productPhoto.added' });
      expect(res.body.data.version).toBe(version + 1);
      version = res.body.data.version;
      names.push(name);
    }
    const res = await service.http.get(`/service/admin/product/${productId}/photos`).set(admin.headers);
    const photos = res.body.data as { fullfilename: string; main: boolean; width: number; height: number }[];
    expect(photos.map((photo) => photo.fullfilename)).toEqual(names);
    expect(photos.map((photo) => photo.main)).toEqual([true, false, false, false]);
    expect(photos[0]).toMatchObject({ width: 640, height: 480 });
    const shown = await pictures(productId);
    expect(shown.image).toBe(`/service/file/down?fullfilename=${names[0]}`);
    expect(shown.images).toEqual(names.map((name) => `/service/file/down?fullfilename=${name}`));
    const detail = await service.http.get(`/service/shop/product/${productId}`);
    expect(detail.body.data).toMatchObject({
      image: `/service/file/down?fullfilename=${names[0]}`,
      images: names.map((name) => `/service/file/down?fullfilename=${name}`),
    });
    const history = await service.ctx.db
      .selectFrom('product_history')
      .select(['kind', 'version', 'changes'])
      .where('product_id', '=', productId)
      .orderBy('version')
      .execute();
    expect(history.filter((row) => row.kind === 'photos')).toHaveLength(4);
    expect(JSON.parse(history.at(-1)!.changes)).toEqual([
      { field: 'photos', before: names.slice(0, 3), after: names },
    ]);
  });

  it('reorders, sets the main photo and removes one; a product without photos shows its drawings again', async () => {
    const productId = await addProduct(service);
    let version = await versionOf(productId);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await add(productId, version, await uploaded(await solid('png', 100 + i, 100), 'p.png'));
      version = res.body.data.version;
      ids.push(res.body.data.photos.at(-1).id);
    }
    const reorder = await service.http
      .put(`/service/admin/product/${productId}/photos/order`)
      .set(admin.headers)
      .send({ version, photoIds: [ids[2], ids[0], ids[1]] });
    expect(reorder.body.data.photos.map((photo: { id: number }) => photo.id)).toEqual([
      ids[2],
      ids[0],
      ids[1],
    ]);
    version = reorder.body.data.version;
    const main = await service.http
      .put(`/service/admin/product/${productId}/photos/${ids[1]}/main`)
      .set(admin.headers)
      .send({ version });
    expect(main.body.data.photos.map((photo: { id: number }) => photo.id)).toEqual([ids[1], ids[2], ids[0]]);
    version = main.body.data.version;
    const names = main.body.data.photos.map((photo: { fullfilename: string }) => photo.fullfilename);
    expect((await pictures(productId)).image).toContain(names[0]);

    const removed = await service.http
      .delete(`/service/admin/product/${productId}/photos/${ids[1]}`)
      .set(admin.headers)
      .send({ version });
    expect(removed.body.data.photos.map((photo: { id: number }) => photo.id)).toEqual([ids[2], ids[0]]);
    expect((await pictures(productId)).image).toContain(names[1]);
    // The file stays: an order placed while it was main shows it on its line.
    expect(fs.existsSync(path.join(uploadDir(), names[0]))).toBe(true);
    version = removed.body.data.version;
    for (const id of [ids[2], ids[0]]) {
      const res = await service.http
        .delete(`/service/admin/product/${productId}/photos/${id}?version=${version}`)
        .set(admin.headers);
      expect(res.body.success, res.text).toBe(true);
      version = res.body.data.version;
    }
    expect(await pictures(productId)).toEqual({
      image: `/service/static/products/${productId}.svg`,
      images: [1, 2, 3].map((n) => `/service/static/products/${productId}${n === 1 ? '' : `-${n}`}.svg`),
    });
  });

  it('refuses a stale version, an order that is not the product’s photos, a photo of another product and an 11th photo', async () => {
    const productId = await addProduct(service);
    let version = await versionOf(productId);
    const first = await add(productId, version, await uploaded(await solid('png'), 'a.png'));
    version = first.body.data.version;
    const stale = await add(productId, version - 1, await uploaded(await solid('png'), 'b.png'), 'en-GB');
    expect(stale.body).toMatchObject({
      success: false,
      message: 'product.versionConflict',
      alterMsg: 'Someone else changed this product; reload and try again.',
    });
    expect(await versionOf(productId)).toBe(version);

    const photoId = first.body.data.photos[0].id;
    const wrongOrder = await service.http
      .put(`/service/admin/product/${productId}/photos/order`)
      .set(admin.headers)
      .send({ version, photoIds: [photoId, photoId] });
    expect(wrongOrder.body.message).toBe('productPhoto.orderMismatch');

    const other = await addProduct(service);
    const foreign = await service.http
      .put(`/service/admin/product/${other}/photos/${photoId}/main`)
      .set(admin.headers)
      .send({ version: await versionOf(other) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('productPhoto.notFound');

    for (let i = 1; i < 10; i += 1) {
      const res = await add(productId, version, await uploaded(await solid('png', 50 + i, 50), 'c.png'));
      expect(res.body.success, res.text).toBe(true);
      version = res.body.data.version;
    }
    const eleventh = await add(productId, version, await uploaded(await solid('png'), 'd.png'));
    expect(eleventh.body).toMatchObject({
      success: false,
      message: 'productPhoto.tooMany',
      alterMsg: '每个商品最多 10 张图片',
    });
  });

  it('refuses a text file named .png and a 30000×30000 PNG bomb of a few KB in both languages, keeping nothing', async () => {
    const productId = await addProduct(service);
    const before = { files: await rowCount(service, 'files'), stored: fs.readdirSync(uploadDir()).length };
    const text = await upload(
      Buffer.from('these are not the pixels you are looking for\n'),
      'notes.png',
      'en-GB',
    );
    expect(text.status).toBe(400);
    expect(text.body.alterMsg).toBe('The file content does not match its extension, or the file is damaged');
    // A 1-bit PNG declaring 30000×30000 whose pixel data is a small deflated run of zeros.
    const bomb = png({ width: 30_000, height: 30_000, colour: [1, 0, 0, 0, 0], pixels: Buffer.alloc(4096) });
    expect(bomb.length).toBeLessThan(10_000);
    const zh = await upload(bomb, 'bomb.png');
    expect(zh.body).toMatchObject({
      success: false,
      message: 'files.imageTooLarge',
      alterMsg: '图片尺寸过大（30000×30000），每边不能超过 4096 像素',
    });
    const en = await upload(bomb, 'bomb.png', 'en-GB');
    expect(en.body.alterMsg).toBe('The picture is too large (30000×30000): at most 4096 pixels on each side');
    expect(await rowCount(service, 'files')).toBe(before.files);
    expect(fs.readdirSync(uploadDir())).toHaveLength(before.stored);
    const photos = await service.http.get(`/service/admin/product/${productId}/photos`).set(admin.headers);
    expect(photos.body.data).toEqual([]);
  });

  it('refuses, and deletes, a stored file that is not a picture when it is added; refuses an upload of someone else', async () => {
    const productId = await addProduct(service);
    const name = await uploaded(await solid('png'), 'e.png');
    // A file stored before the upload checked pictures with sharp: its bytes are not a picture.
    fs.writeFileSync(path.join(uploadDir(), name), png().subarray(0, 20));
    const res = await add(productId, await versionOf(productId), name);
    expect(res.body).toMatchObject({ success: false, message: 'files.contentMismatch' });
    expect(fs.existsSync(path.join(uploadDir(), name))).toBe(false);
    const row = await service.ctx.db
      .selectFrom('files')
      .select('id')
      .where('fullfilename', '=', name)
      .executeTakeFirst();
    expect(row).toBeUndefined();

    const theirs = await service.http
      .post('/service/file/uploads')
      .set(buyer.headers)
      .attach('file', await solid('png'), 'avatar.png');
    const notMine = await add(productId, await versionOf(productId), theirs.body.data.fullfilename);
    expect(notMine.body.message).toBe('productPhoto.notUploaded');
    const kept = await service.http.get(`/service/admin/product/${productId}/photos`).set(admin.headers);
    expect(kept.body.data).toEqual([]);
  });

  it('lets one of two changes made at once against the same version through, the other refused as stale', async () => {
    const productId = await addProduct(service);
    const version = await versionOf(productId);
    const names = [await uploaded(await solid('png'), 'x.png'), await uploaded(await solid('jpeg'), 'y.jpg')];
    const answers = await Promise.all(names.map((name) => add(productId, version, name)));
    expect(answers.map((res) => res.body.success).sort()).toEqual([false, true]);
    expect(answers.find((res) => !res.body.success)?.body.message).toBe('product.versionConflict');
    const photos = await service.http.get(`/service/admin/product/${productId}/photos`).set(admin.headers);
    expect(photos.body.data).toHaveLength(1);
    expect(await versionOf(productId)).toBe(version + 1);
  });

  it('answers 403 to a shopper on every photo route', async () => {
    const productId = await addProduct(service);
    const calls = [
      service.http.get(`/service/admin/product/${productId}/photos`),
      service.http.post(`/service/admin/product/${productId}/photos`).send({ version: 1, fullfilename: 'x' }),
      service.http
        .put(`/service/admin/product/${productId}/photos/order`)
        .send({ version: 1, photoIds: [1] }),
      service.http.put(`/service/admin/product/${productId}/photos/1/main`).send({ version: 1 }),
      service.http.delete(`/service/admin/product/${productId}/photos/1`).send({ version: 1 }),
    ];
    for (const call of calls) {
      const res = await call.set(buyer.headers);
      expect(res.status).toBe(403);
      expect(res.body.alterMsg).toBe('无访问权限');
    }
  });
});
