import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSearchText,
  parseKeyword,
  toFtsQuery,
  toTsQuery,
} from '../../service/src/modules/catalogue/search-text.ts';
import { SEED_PRODUCTS } from '../../service/src/modules/catalogue/seed-data.ts';
import { updateProductText } from '../../service/src/modules/catalogue/service.ts';
import { startTestService, type TestService, usingPostgres } from './harness.ts';

describe('search text', () => {
  it('expands CJK runs into characters and bigrams, lower-cases and folds width', () => {
    const tokens = buildSearchText('智能手机 ＰＲＯ', 'Noise-Cancelling iPhone15', 'Café').split(' ');
    expect(tokens).toEqual(
      expect.arrayContaining(['智', '能', '手', '机', '智能', '能手', '手机', 'pro', 'noise', 'cancelling']),
    );
    expect(tokens).toEqual(expect.arrayContaining(['iphone15', 'iphone', '15', 'cafe']));
    expect(tokens.every((token) => /^[\p{L}\p{N}]+$/u.test(token))).toBe(true);
  });

  it('turns a keyword into AND-ed tokens with a prefix on the last Latin word', () => {
    expect(parseKeyword('华为手机')).toEqual({ tokens: ['华为', '手机'], prefixLast: false });
    expect(parseKeyword('无线耳机壳')).toEqual({ tokens: ['无线', '耳机', '壳'], prefixLast: false });
    expect(parseKeyword('蓝牙 Speak')).toEqual({ tokens: ['蓝牙', 'speak'], prefixLast: true });
    expect(toFtsQuery(parseKeyword('蓝牙 Speak'))).toBe('"蓝牙" AND "speak"*');
    expect(toTsQuery(parseKeyword('蓝牙 Speak'))).toBe("'蓝牙' & 'speak':*");
  });

  it('leaves no query syntax in user input', () => {
    expect(parseKeyword('"*').tokens).toEqual([]);
    expect(parseKeyword('OR')).toEqual({ tokens: ['or'], prefixLast: true });
    expect(toFtsQuery(parseKeyword('a" OR "b NEAR(c d) col:x -y ^z'))).toBe(
      '"a" AND "or" AND "b" AND "near" AND "c" AND "d" AND "col" AND "x" AND "y" AND "z"*',
    );
    expect(toTsQuery(parseKeyword("x' | !y & z:* <-> (w)"))).toBe("'x' & 'y' & 'z' & 'w':*");
    expect(parseKeyword('a '.repeat(40)).tokens.length).toBeLessThanOrEqual(16);
  });
});

describe('product search', () => {
  let service: TestService;
  const search = async (keyword: string, extra = '') => {
    const res = await service.http.get(
      `/service/shop/product/page?pageSize=999&keyword=${encodeURIComponent(keyword)}${extra}`,
    );
    expect(res.status, keyword).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data as { total: number; records: Array<{ id: number; nameZh: string; nameEn: string }> };
  };
  const namesFor = async (keyword: string, extra = '') =>
    (await search(keyword, extra)).records.map((record) => record.nameEn).sort();
  const seeded = (predicate: (p: (typeof SEED_PRODUCTS)[number]) => boolean) =>
    SEED_PRODUCTS.filter((p) => p.onShelf && predicate(p))
      .map((p) => p.nameEn)
      .sort();

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('finds products by a Chinese word in the name or description', async () => {
    const expected = seeded((p) => `${p.name} ${p.description}`.includes('降噪'));
    expect(expected.length).toBeGreaterThanOrEqual(2);
    expect(await namesFor('降噪')).toEqual(expected);
    expect(await namesFor('智能手机')).toEqual(['Xingyao X5 Pro 5G Smartphone 12GB+256GB']);
  });

  it('finds products by an English word, case-insensitively, and by a prefix while typing', async () => {
    expect(await namesFor('EARBUDS')).toEqual(['Jingjie Active Noise-Cancelling True Wireless Earbuds']);
    expect(await namesFor('headph')).toEqual(['H700 Over-ear Wireless Noise-Cancelling Headphones']);
    const wireless = await namesFor('wireless');
    expect(wireless).toEqual(seeded((p) => /wireless/i.test(`${p.nameEn} ${p.descriptionEn}`)));
  });

  it('finds products by a word that only appears in the description', async () => {
    expect(await namesFor('maglev')).toEqual(['Sonic Electric Toothbrush']);
    expect(await namesFor('磁悬浮')).toEqual(['Sonic Electric Toothbrush']);
  });

  it('matches mixed Chinese and English keywords as an AND of their tokens', async () => {
    expect(await namesFor('蓝牙 speaker')).toEqual(['Mini Portable Waterproof Bluetooth Speaker']);
    expect(await namesFor('Watch 血氧')).toEqual(['Watch S3 Smartwatch, Sport & Health Edition']);
    expect(await namesFor('降噪 speaker')).toEqual([]);
  });

  it('answers an empty page when nothing matches, and never finds off-shelf products', async () => {
    expect((await search('zzqqxx')).total).toBe(0);
    expect((await search('量子计算机')).total).toBe(0);
    expect((await search('上一代旗舰')).total).toBe(0);
  });

  it('treats query syntax as plain text: no error and no injection', async () => {
    for (const keyword of [
      '"*',
      '*',
      'OR',
      '手机 OR',
      'NEAR(a b)',
      "'; DROP TABLE products; --",
      'a:* & !b',
      '\\',
      '"',
    ]) {
      const data = await search(keyword);
      expect(data.total, keyword).toBeGreaterThanOrEqual(0);
    }
    expect((await search('"*')).total).toBe(0);
    expect((await search('手机 OR')).total).toBe(0);
    const count = await service.ctx.db
      .selectFrom('products')
      .select(service.ctx.db.fn.countAll().as('n'))
      .execute();
    expect(Number(count[0].n)).toBe(SEED_PRODUCTS.length);
  });

  it('combines a keyword with a category, a sort and paging', async () => {
    const res = await service.http.get(
      `/service/shop/product/page?keyword=${encodeURIComponent('耳机')}&cardName=digital&sort=priceAsc&pageSize=2`,
    );
    const data = res.body.data;
    const expected = SEED_PRODUCTS.filter(
      (p) => p.onShelf && ['phones', 'audio', 'wearables'].includes(p.category) && p.name.includes('耳机'),
    );
    expect(data.total).toBe(expected.length);
    expect(data.records).toHaveLength(2);
    expect(data.records[0].price).toBeLessThanOrEqual(data.records[1].price);
    expect((await search('耳机', '&cardName=food')).total).toBe(0);
  });

  it('keeps the index in step when a name or description changes', async () => {
    const id = 1;
    expect((await search('独角兽')).total).toBe(0);
    await updateProductText(
      service.ctx.db,
      id,
      { name: '独角兽限定版 手机', nameEn: 'Unicorn Edition Phone' },
      new Date(),
    );
    expect((await search('独角兽')).records.map((r) => r.id)).toEqual([id]);
    expect((await search('unicorn')).records.map((r) => r.id)).toEqual([id]);
    expect((await search('星耀')).records.map((r) => r.id)).not.toContain(id);
    await updateProductText(
      service.ctx.db,
      id,
      { descriptionEn: 'Now with a holographic display' },
      new Date(),
    );
    expect((await search('holographic')).records.map((r) => r.id)).toEqual([id]);
    expect((await search('独角兽')).records.map((r) => r.id)).toEqual([id]);
  });

  it('uses the text index, not a scan of every product', async () => {
    if (usingPostgres()) {
      const plan = await service.ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const result = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM products
          WHERE search_vector @@ to_tsquery('simple', ${"'手机'"})`.execute(trx);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('products_search_vector');
    } else {
      const result = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT p.id FROM products p
        WHERE p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${'"手机"'})`.execute(
        service.ctx.db,
      );
      const plan = result.rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/SCAN p\b(?! USING)/);
    }
  });
});
