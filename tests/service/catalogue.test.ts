import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@shop/common/paging.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageUrlIn } from '../../service/src/i18n/image-language.ts';
import { shortEnglishName, shortName, titleFontSize } from '../../service/src/modules/catalogue/images.ts';
import { pictureKindOf } from '../../service/src/modules/catalogue/product-pictures.ts';
import { seedCatalogue } from '../../service/src/modules/catalogue/seed.ts';
import { SEED_CATEGORIES, SEED_PRODUCTS } from '../../service/src/modules/catalogue/seed-data.ts';
import { updateProductText } from '../../service/src/modules/catalogue/service.ts';
import { startTestService, type TestService } from './harness.ts';

interface Product {
  id: number;
  name: string;
  nameZh: string;
  nameEn: string;
  price: number;
  sales: number;
  listedAt: string;
  categoryId: number;
  cardName: string;
  onShelf: boolean;
  stock: number;
}
interface Category {
  id: number;
  name: string;
  cardName: string;
  icon: string;
  children: Category[];
}

describe('catalogue', () => {
  let service: TestService;
  let tree: Category[];
  const page = async (query: string, locale = 'zh-CN') => {
    const res = await service.http.get(`/service/shop/product/page?${query}`).set('Accept-Language', locale);
    return res;
  };

  beforeAll(async () => {
    service = await startTestService();
    tree = (await service.http.get('/service/shop/category/list')).body.data;
  });
  afterAll(() => service.close());

  describe('seed', () => {
    it('is a realistic shop: ≥ 8 categories with 2-3 sub-categories, ≥ 60 products', async () => {
      expect(tree.length).toBeGreaterThanOrEqual(8);
      for (const top of tree) {
        expect(top.children.length).toBeGreaterThanOrEqual(2);
        expect(top.children.length).toBeLessThanOrEqual(3);
      }
      const products = await service.ctx.db.selectFrom('products').selectAll().execute();
      expect(products.length).toBeGreaterThanOrEqual(60);
      expect(products.some((p) => p.stock === 0)).toBe(true);
      expect(products.some((p) => p.stock >= 1 && p.stock <= 3)).toBe(true);
      expect(products.filter((p) => p.on_shelf === 0).length).toBeGreaterThanOrEqual(2);
      for (const p of products) {
        expect(p.name).toMatch(/\p{Script=Han}/u);
        expect(p.name_en).toMatch(/^[\x20-\x7e]+$/);
        expect(Number.isInteger(p.price) && p.price > 0).toBe(true);
        expect(p.image).toBe(`/service/static/products/${p.id}.svg`);
        expect(p.search_text.length).toBeGreaterThan(10);
      }
      const dates = new Set(products.map((p) => p.listed_at.slice(0, 10)));
      expect(dates.size).toBeGreaterThan(30);
    });

    it('is idempotent: seeding again adds nothing', async () => {
      const before = await service.ctx.db.selectFrom('products').select('id').execute();
      await seedCatalogue(service.ctx);
      const after = await service.ctx.db.selectFrom('products').select('id').execute();
      expect(after.length).toBe(before.length);
      expect(before.length).toBe(SEED_PRODUCTS.length);
    });
  });

  describe('category tree', () => {
    it('answers the tree with cardName slugs, icons and names in the caller language', async () => {
      expect(tree.map((c) => c.cardName)).toEqual(SEED_CATEGORIES.map((c) => c.slug));
      const digital = tree[0];
      expect(digital).toMatchObject({
        name: '手机数码',
        cardName: 'digital',
        icon: '/service/static/categories/digital.svg?lang=zh-CN&v=1',
      });
      expect(digital.children.map((c) => c.cardName)).toEqual(['phones', 'audio', 'wearables']);
      const slugs = tree.flatMap((c) => [c.cardName, ...c.children.map((child) => child.cardName)]);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9-]+$/);
      const en = await service.http.get('/service/shop/category/list').set('Accept-Language', 'en-GB');
      expect(en.body.data[0].name).toBe('Phones & Digital');
      expect(en.body.data[0].children[0].name).toBe('Mobile phones');
      expect(en.body.data[0].icon).toBe('/service/static/categories/digital.svg?lang=en-GB&v=1');
    });

    it('serves category icons as cacheable SVG', async () => {
      const res = await service.http.get('/service/static/categories/digital.svg').buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
      expect(res.headers.vary).toMatch(/Accept-Language/i);
      expect(String(res.body)).toContain('手机数码');
      const en = await service.http.get('/service/static/categories/digital.svg?lang=en-GB').buffer(true);
      expect(String(en.body)).toContain('Phones &amp; Digital');
      expect(String(en.body)).not.toContain('手机数码');
      expect((await service.http.get('/service/static/categories/nope.svg')).status).toBe(404);
    });
  });

  describe('product pages', () => {
    it('defaults to page 1 of DEFAULT_PAGE_SIZE (15) on-shelf products', async () => {
      const res = await page('');
      expect(res.status).toBe(200);
      const { records, total, pageNum, pageSize } = res.body.data;
      const onShelf = SEED_PRODUCTS.filter((p) => p.onShelf).length;
      expect(DEFAULT_PAGE_SIZE).toBe(15);
      expect({ total, pageNum, pageSize }).toEqual({
        total: onShelf,
        pageNum: 1,
        pageSize: DEFAULT_PAGE_SIZE,
      });
      expect(records).toHaveLength(DEFAULT_PAGE_SIZE);
      expect(records.every((p: Product) => p.onShelf)).toBe(true);
    });

    it('pages up to MAX_PAGE_SIZE (999) and refuses 1000, 0 and junk with 400', async () => {
      expect(MAX_PAGE_SIZE).toBe(999);
      const big = await page(`pageSize=${MAX_PAGE_SIZE}`);
      expect(big.body.data.records).toHaveLength(big.body.data.total);
      const last = await page('pageSize=20&pageNum=5');
      expect(last.body.data.records).toHaveLength(big.body.data.total - 80);
      const beyond = await page('pageSize=20&pageNum=50');
      expect(beyond.body.data.records).toEqual([]);
      for (const query of [
        `pageSize=${MAX_PAGE_SIZE + 1}`,
        'pageSize=0',
        'pageNum=0',
        'pageNum=abc',
        'sort=cheapest',
      ]) {
        const res = await page(query);
        expect(res.status, query).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.alterMsg).toBeTruthy();
      }
      expect((await page(`pageSize=${MAX_PAGE_SIZE + 1}`)).body.alterMsg).toContain('每页条数');
    });

    it('filters by sub-category id and by a parent slug that includes its sub-categories', async () => {
      const digital = tree[0];
      const phones = digital.children[0];
      const byId = (await page(`categoryId=${phones.id}&pageSize=999`)).body.data;
      expect(byId.total).toBe(SEED_PRODUCTS.filter((p) => p.category === 'phones' && p.onShelf).length);
      expect(byId.records.every((p: Product) => p.categoryId === phones.id && p.cardName === 'phones')).toBe(
        true,
      );
      const bySlug = (await page('cardName=digital&pageSize=999')).body.data;
      const childSlugs = digital.children.map((c) => c.cardName);
      expect(bySlug.total).toBe(
        SEED_PRODUCTS.filter((p) => childSlugs.includes(p.category) && p.onShelf).length,
      );
      expect(new Set(bySlug.records.map((p: Product) => p.cardName))).toEqual(new Set(childSlugs));
      expect((await page('cardName=no-such-thing')).status).toBe(404);
      expect((await page('categoryId=99999')).status).toBe(404);
    });

    it('sorts by price up and down, sales, newest and a stable default', async () => {
      const all = async (sort: string) =>
        (await page(`sort=${sort}&pageSize=999`)).body.data.records as Product[];
      const increasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] <= v);
      const decreasing = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);
      expect(increasing((await all('priceAsc')).map((p) => p.price))).toBe(true);
      expect(decreasing((await all('priceDesc')).map((p) => p.price))).toBe(true);
      expect(decreasing((await all('sales')).map((p) => p.sales))).toBe(true);
      expect(decreasing((await all('newest')).map((p) => Date.parse(p.listedAt)))).toBe(true);
      const ids = (await all('default')).map((p) => p.id);
      expect(increasing(ids)).toBe(true);
      expect((await all('priceAsc'))[0].price).toBeLessThan((await all('priceDesc'))[0].price);
    });

    it('lists hot products by sales and new products by listing date', async () => {
      const hot = (await service.http.get('/service/shop/product/hot?pageSize=5')).body.data;
      expect(hot.pageSize).toBe(5);
      const topSales = SEED_PRODUCTS.filter((p) => p.onShelf)
        .map((p) => p.sales)
        .sort((a, b) => b - a)
        .slice(0, 5);
      expect(hot.records.map((p: Product) => p.sales)).toEqual(topSales);
      const fresh = (await service.http.get('/service/shop/product/new')).body.data;
      expect(fresh.pageSize).toBe(15);
      const times = fresh.records.map((p: Product) => Date.parse(p.listedAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(fresh.records.every((p: Product) => p.onShelf)).toBe(true);
      expect((await service.http.get('/service/shop/product/hot?pageSize=1000')).status).toBe(400);
    });
  });

  describe('product detail', () => {
    const firstOff = () =>
      service.ctx.db.selectFrom('products').select('id').where('on_shelf', '=', 0).executeTakeFirstOrThrow();

    it('answers an on-shelf product in the caller language', async () => {
      const zh = await service.http.get('/service/shop/product/1');
      expect(zh.body.success).toBe(true);
      expect(zh.body.data).toMatchObject({
        id: 1,
        name: SEED_PRODUCTS[0].name,
        nameEn: SEED_PRODUCTS[0].nameEn,
        description: SEED_PRODUCTS[0].description,
        price: SEED_PRODUCTS[0].price,
        originalPrice: SEED_PRODUCTS[0].originalPrice,
        categoryName: '手机',
        cardName: 'phones',
        onShelf: true,
        image: '/service/static/products/1.svg?lang=zh-CN&v=1',
      });
      expect(zh.body.data.images).toEqual([
        '/service/static/products/1.svg?lang=zh-CN&v=1',
        '/service/static/products/1-2.svg?lang=zh-CN&v=1',
        '/service/static/products/1-3.svg?lang=zh-CN&v=1',
      ]);
      const en = await service.http.get('/service/shop/product/1').set('Accept-Language', 'en-GB');
      expect(en.body.data.name).toBe(SEED_PRODUCTS[0].nameEn);
      expect(en.body.data.categoryName).toBe('Mobile phones');
      expect(en.body.data.image).toBe('/service/static/products/1.svg?lang=en-GB&v=1');
    });

    it("refuses an off-shelf product with '该商品已下架~'", async () => {
      const { id } = await firstOff();
      const res = await service.http.get(`/service/shop/product/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, alterMsg: '该商品已下架~', data: null });
      const en = await service.http.get(`/service/shop/product/${id}`).set('Accept-Language', 'en-GB');
      expect(en.body.alterMsg).toBe('This product has been removed from the shelves~');
    });

    it('answers 404 for an unknown product and 400 for a malformed id', async () => {
      expect((await service.http.get('/service/shop/product/999999')).status).toBe(404);
      for (const bad of ['abc', '1.5', '-3', '0']) {
        const res = await service.http.get(`/service/shop/product/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.alterMsg).toBe('id缺失！');
      }
    });

    it('serves product images as cacheable SVG with the short name, with 304 on revalidation', async () => {
      const res = await service.http.get('/service/static/products/1.svg').buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(String(res.body)).toMatch(/^<svg[\s\S]*>智能手机<[\s\S]*<\/svg>$/);
      expect(String(res.body)).not.toContain('Smartphone');
      const again = await service.http
        .get('/service/static/products/1.svg')
        .set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
      expect((await service.http.get('/service/static/products/1-2.svg')).status).toBe(200);
      expect((await service.http.get('/service/static/products/999999.svg')).status).toBe(404);
      expect((await service.http.get('/service/static/products/..%2Fsecret')).status).toBe(404);
    });

    it('gives every seeded on-shelf product its own picture, drawn to fit it and served as SVG', async () => {
      const products = await service.ctx.db
        .selectFrom('products')
        .select(['id', 'name_en', 'image'])
        .where('on_shelf', '=', 1)
        .execute();
      expect(products.length).toBeGreaterThanOrEqual(60);
      const bodies = new Set<string>();
      const drawings = new Set<string>();
      for (const product of products) {
        const kind = pictureKindOf(product.name_en);
        expect(kind, product.name_en).not.toBeNull();
        const res = await service.http.get(product.image).buffer(true);
        expect(res.status, product.image).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        const svg = String(res.body);
        expect(svg).toMatch(/^<svg [^>]*width="400" height="400"/);
        expect(svg, product.name_en).toContain(`data-drawing="${kind}"`);
        // small enough to list dozens on a page
        expect(Buffer.byteLength(svg)).toBeLessThan(4096);
        bodies.add(svg);
        drawings.add(String(kind));
      }
      expect(bodies.size).toBe(products.length);
      // many kinds of things, not one icon per category
      expect(drawings.size).toBeGreaterThanOrEqual(50);
    });

    it('draws what the product is: tea in a cup, salmon as a fish, earbuds as earbuds', () => {
      expect(pictureKindOf('Pre-Qingming West Lake Longjing Tea 250g')).toBe('teacup');
      expect(pictureKindOf('Fresh Salmon Sashimi 300g')).toBe('fish');
      expect(pictureKindOf('Jingjie Active Noise-Cancelling True Wireless Earbuds')).toBe('earbuds');
      expect(pictureKindOf('Kids 4G Phone Watch with GPS')).toBe('watch');
      expect(pictureKindOf('500ml 304 Stainless Steel Vacuum Flask')).toBe('flask');
      expect(pictureKindOf("Men's Leather Oxford Dress Shoes")).toBe('shoe');
      expect(pictureKindOf('Something unheard of')).toBeNull();
    });

    it('draws a product no rule knows with its category icon', async () => {
      const [product] = await service.ctx.db
        .selectFrom('products')
        .select(['id', 'name_en'])
        .orderBy('id')
        .limit(1)
        .execute();
      await service.ctx.db
        .updateTable('products')
        .set({ name_en: 'Something unheard of' })
        .where('id', '=', product.id)
        .execute();
      try {
        const svg = String(
          (await service.http.get(`/service/static/products/${product.id}.svg`).buffer(true)).body,
        );
        expect(svg).toContain('data-drawing="category-phone"');
      } finally {
        await service.ctx.db
          .updateTable('products')
          .set({ name_en: product.name_en })
          .where('id', '=', product.id)
          .execute();
      }
    });

    it("draws a product image in the language its address names, else the caller's", async () => {
      const zh = await service.http.get('/service/shop/product/1');
      const en = await service.http.get('/service/shop/product/1').set('Accept-Language', 'en-GB');
      // An <img> sends the browser's Accept-Language; the address handed out must win over it.
      const zhImage = await service.http.get(zh.body.data.image).set('Accept-Language', 'en-GB').buffer(true);
      expect(String(zhImage.body)).toContain('>智能手机<');
      expect(String(zhImage.body)).not.toMatch(/Smartphone/);
      const enImage = await service.http.get(en.body.data.image).buffer(true);
      expect(String(enImage.body)).toContain('>Pro 5G Smartphone<');
      expect(String(enImage.body)).not.toMatch(/\p{Script=Han}/u);
      const byHeader = await service.http
        .get('/service/static/products/1.svg')
        .set('Accept-Language', 'en-GB')
        .buffer(true);
      expect(String(byHeader.body)).toBe(String(enImage.body));
      expect(enImage.headers.etag).not.toBe(zhImage.headers.etag);
    });

    it('names the language, and the version when given, only in the addresses of drawn pictures', () => {
      expect(imageUrlIn('/service/static/products/7-2.svg', 'en-GB')).toBe(
        '/service/static/products/7-2.svg?lang=en-GB',
      );
      expect(imageUrlIn('/service/static/products/7-2.svg', 'en-GB', 3)).toBe(
        '/service/static/products/7-2.svg?lang=en-GB&v=3',
      );
      expect(imageUrlIn('/service/file/download/abc.png', 'en-GB', 3)).toBe('/service/file/download/abc.png');
      expect(imageUrlIn('/service/file/download/abc.png', 'en-GB')).toBe('/service/file/download/abc.png');
      expect(imageUrlIn('', 'zh-CN')).toBe('');
    });

    it('shortens English names to the last words that fit', () => {
      expect(shortEnglishName('Xingyao X5 Pro 5G Smartphone 12GB+256GB')).toBe('Pro 5G Smartphone');
      expect(shortEnglishName('Baby Wipes 80 x 6 packs')).toBe('Baby Wipes');
      expect(shortEnglishName('R9000 Gaming Laptop with RTX 4060')).toBe('Gaming Laptop');
      expect(shortEnglishName('Sapiens: A Brief History of Humankind (Hardcover)')).toBe('Sapiens');
      expect(shortEnglishName('Tea')).toBe('Tea');
      expect(shortEnglishName('Supercalifragilisticexpialidocious')).toBe('Supercalifragilis…');
    });

    it('keeps the start of a Chinese name on its picture, shortening only from the end', async () => {
      expect(shortName('女士法式碎花连衣裙')).toBe('女士法式碎花连衣裙');
      expect(shortName('静界 主动降噪真无线蓝牙耳机')).toBe('主动降噪真无线蓝牙耳机');
      expect(shortName('《三体》全集')).toBe('三体全集');
      expect(shortName('一二三四五六七八九十甲乙丙丁')).toBe('一二三四五六七八九十甲…');
      // a long title is drawn smaller so it stays inside the card
      expect(titleFontSize('三体全集')).toBe(32);
      expect(titleFontSize('一二三四五六七八九十甲乙')).toBe(28);
      expect(titleFontSize('Pro 5G Smartphone')).toBe(32);
      const dress = await service.ctx.db
        .selectFrom('products')
        .select('id')
        .where('name', '=', '女士法式碎花连衣裙')
        .executeTakeFirstOrThrow();
      const svg = String(
        (await service.http.get(`/service/static/products/${dress.id}.svg`).buffer(true)).body,
      );
      expect(svg).toMatch(/font-size="32" font-weight="600"[^>]*>女士法式碎花连衣裙<\/text>/);
    });

    it('escapes names inside the generated SVG', async () => {
      const id = SEED_PRODUCTS.length;
      await updateProductText(
        service.ctx.db,
        id,
        { name: '坏<script>alert(1)</script>名字', nameEn: 'A & "B"' },
        new Date(),
      );
      const svg = String((await service.http.get(`/service/static/products/${id}.svg`).buffer(true)).body);
      expect(svg).not.toContain('<script');
      expect(svg).toContain('&lt;script&gt;');
      const en = `/service/static/products/${id}.svg?lang=en-GB`;
      expect(String((await service.http.get(en).buffer(true)).body)).toContain('A &amp; &quot;B&quot;');
    });
  });

  describe('batch lookup', () => {
    it('answers products in the order asked, null where missing, off-shelf ones flagged', async () => {
      const off = await service.ctx.db
        .selectFrom('products')
        .select('id')
        .where('on_shelf', '=', 0)
        .executeTakeFirstOrThrow();
      const res = await service.http.get(`/service/shop/product/batch?ids=3,999999,1,${off.id},3`);
      expect(res.status).toBe(200);
      const data = res.body.data as Array<Product | null>;
      expect(data.map((p) => p?.id ?? null)).toEqual([3, null, 1, off.id, 3]);
      expect(data[3]!.onShelf).toBe(false);
      expect(data[0]!.name).toBe(SEED_PRODUCTS[2].name);
    });

    it('refuses more than 100 ids, none, or junk with 400', async () => {
      const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      expect((await service.http.get(`/service/shop/product/batch?ids=${many}`)).status).toBe(400);
      const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
      expect((await service.http.get(`/service/shop/product/batch?ids=${hundred}`)).body.data).toHaveLength(
        100,
      );
      for (const bad of ['', 'a,b', '1,,2', '0', '1;DROP TABLE products']) {
        const res = await service.http.get(`/service/shop/product/batch?ids=${encodeURIComponent(bad)}`);
        expect(res.status, bad).toBe(400);
      }
      expect((await service.http.get('/service/shop/product/batch')).status).toBe(400);
    });
  });
});
