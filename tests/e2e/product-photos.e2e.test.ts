/**
 * End to end: a product photographed in the back office. The admin's picture goes up through the
 * gateway's upload proxy and onto a product; its goods page then shows it as a <picture> with
 * AVIF, WebP and JPEG variants the browser loads, and shares it as a 1200-px JPEG.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, settle } from './a11y.ts';
import { PHONE_VIEWPORT, publicQuery, type Shop, startShop } from './harness.ts';

let shop: Shop;

beforeAll(async () => {
  shop = await startShop();
}, 240_000);
afterAll(() => shop?.close());

/** A GraphQL call with the admin's bearer session, as an API client makes it. */
async function gql<T>(token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${shop.origin}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'apollo-require-preflight': 'true',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

describe('a product photo on the storefront', () => {
  it('shows AVIF in the goods page srcset and shares a 1200-px JPEG', async () => {
    const login = await publicQuery<{ login: { sessionToken: string } }>(
      shop.origin,
      'mutation { login(input: { account: "admin", password: "admin123", transport: BEARER }) { sessionToken } }',
    );
    const token = login.login.sessionToken;
    const { hotProducts } = await publicQuery<{ hotProducts: { records: Array<{ id: string }> } }>(
      shop.origin,
      '{ hotProducts(page: { pageSize: 1 }) { records { id } } }',
    );
    const id = hotProducts.records[0].id;

    // A photo narrower than the share width: the preview is still 1200 px wide.
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a9d8f' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${shop.origin}/service/file/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const envelope = (await uploaded.json()) as { data: { fullfilename: string } };
    const { adminProduct } = await gql<{ adminProduct: { version: number } }>(
      token,
      'query($id: ID!) { adminProduct(id: $id) { version } }',
      { id },
    );
    const added = await gql<{ addProductPhoto: { userErrors: unknown[] } }>(
      token,
      `mutation($input: AddProductPhotoInput!) { addProductPhoto(input: $input) { userErrors { code message } } }`,
      { input: { productId: id, version: adminProduct.version, fullfilename: envelope.data.fullfilename } },
    );
    expect(added.addProductPhoto.userErrors).toEqual([]);

    const context = await shop.browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1280, height: 900 },
    });
    try {
      const tab = await context.newPage();
      const loaded: Array<{ url: string; type: string }> = [];
      tab.on('response', (response) => {
        if (response.request().resourceType() === 'image') {
          loaded.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
        }
      });
      await tab.goto(`${shop.origin}/goods/detail/${id}`);
      await tab.waitForLoadState('networkidle');
      const name = envelope.data.fullfilename;
      const picture = tab.locator(`main picture:has(img[src*="${name}"])`).first();
      const avif = await picture.locator('source[type="image/avif"]').getAttribute('srcset');
      expect(avif).toContain(`fullfilename=${name}&w=1200&fm=avif 1200w`);
      expect(await picture.locator('source[type="image/webp"]').getAttribute('srcset')).toContain('fm=webp');
      const current = await picture
        .locator('img')
        .evaluate((image) => (image as HTMLImageElement).currentSrc);
      expect(current).toContain('fm=avif');
      expect(loaded.find((entry) => entry.url === current)?.type).toBe('image/avif');

      const html = await (
        await fetch(`${shop.origin}/goods/detail/${id}`, { headers: { accept: 'text/html' } })
      ).text();
      const share =
        html.match(/<meta property="og:image" content="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&') ?? '';
      expect(share).toContain(`fullfilename=${name}&w=1200&fm=jpg`);
      const res = await fetch(share);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      const size = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(size.width).toBeGreaterThanOrEqual(1200);
    } finally {
      await context.close();
    }
  });
});

async function adminLogin(page: Page) {
  await page.goto(`${shop.origin}/login`);
  const form = page.getByRole('main');
  await form.getByRole('textbox').first().fill('admin');
  await form.locator('input[type="password"]').fill('admin123');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

const solid = (background: string) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer();

describe('the photo uploader in the product editor', () => {
  it('uploads two pictures from the file button, reorders by keyboard, refuses a text file; axe-clean at 1280 and 390 px', async () => {
    const { hotProducts } = await publicQuery<{ hotProducts: { records: Array<{ id: string }> } }>(
      shop.origin,
      '{ hotProducts(page: { pageSize: 2 }) { records { id } } }',
    );
    const id = hotProducts.records[1].id;
    const context = await shop.browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(20_000);
    try {
      const page = await context.newPage();
      await adminLogin(page);
      await page.goto(`${shop.origin}/admin/products/${id}`);
      const section = page.getByRole('region', { name: '商品图片' });
      const choose = section.getByRole('button', { name: '选择图片' });
      await expect.poll(() => choose.isEnabled()).toBe(true);
      await section.locator('input[type="file"]').setInputFiles([
        { name: 'red.png', mimeType: 'image/png', buffer: await solid('#e63946') },
        { name: 'blue.png', mimeType: 'image/png', buffer: await solid('#1d3557') },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
      ]);
      const photos = section.getByRole('list', { name: '商品图片' }).getByRole('listitem');
      await expect.poll(() => photos.count()).toBe(2);
      await expect
        .poll(() => section.getByText('notes.txt：仅支持 jpeg、png、gif、webp 图片').count())
        .toBe(1);
      const first = await photos.nth(0).getByRole('img').getAttribute('src');

      await section.getByRole('button', { name: '下移第 1 张图片' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => photos.nth(1).getByRole('img').getAttribute('src')).toBe(first);
      expect(await photos.nth(0).getByText('主图').count()).toBe(1);

      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      expect(await axeViolations(page, 'photo uploader 1280')).toEqual([]);
      await page.setViewportSize(PHONE_VIEWPORT);
      await settle(page);
      expect(await axeViolations(page, 'photo uploader 390')).toEqual([]);
      const overflow = await section.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
      expect(overflow).toBe(false);
    } finally {
      await context.close();
    }
  });
});
