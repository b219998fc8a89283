import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlightRanges } from '../../service/src/modules/catalogue/search-highlight.ts';
import {
  parseTerms,
  searchColumns,
  toFtsQuery,
  toTsQuery,
  vocabularyWords,
} from '../../service/src/modules/catalogue/search-text.ts';
import { editDistance, typoAllowance } from '../../service/src/modules/catalogue/search-typos.ts';
import { SEED_PRODUCTS } from '../../service/src/modules/catalogue/seed-data.ts';
import { updateProductText } from '../../service/src/modules/catalogue/service.ts';
import { startTestService, type TestService, usingPostgres } from './harness.ts';

describe('search text', () => {
  it('indexes words, CJK characters and bigrams, and trigrams of Latin words, folded', () => {
    const columns = searchColumns({
      name: '智能手机 ＰＲＯ',
      name_en: 'Noise-Cancelling iPhone15',
      description: 'Café',
      description_en: '',
    });
    const tokens = columns.search_text.split(' ');
    expect(tokens).toEqual(
      expect.arrayContaining(['智', '能', '手', '机', '智能', '能手', '手机', 'pro', 'noise']),
    );
    expect(tokens).toEqual(expect.arrayContaining(['iphone15', 'cancelling', 'cafe']));
    expect(columns.search_grams.split(' ')).toEqual(
      expect.arrayContaining(['iph', 'pho', 'hon', 'one', 'e15', 'caf']),
    );
    expect(columns.norm_name).toBe(' 智能手机 pro ');
    expect(columns.norm_name_en).toBe(' noise cancelling iphone15 ');
    expect(vocabularyWords(columns)).toEqual(expect.arrayContaining(['noise', 'iphone15', 'cafe']));
    expect(vocabularyWords(columns)).not.toContain('手机');
  });

  it('turns a keyword into terms: CJK runs, Latin words, short words; nothing else survives', () => {
    expect(parseTerms('华为手机 Ｓmart x5').map((t) => [t.text, t.kind])).toEqual([
      ['华为手机', 'cjk'],
      ['smart', 'latin'],
      ['x5', 'short'],
    ]);
    expect(toFtsQuery(parseTerms('手机 phone 5g'))).toBe(
      'search_text : ("手机") AND (search_grams : ("pho" AND "hon" AND "one")) AND search_text : "5g"*',
    );
    expect(toTsQuery(parseTerms('手机 phone 5g'))).toBe(
      "('手机':A) & (('pho':B & 'hon':B & 'one':B)) & '5g':*A",
    );
    expect(parseTerms('"*')).toEqual([]);
    expect(parseTerms('a" OR "b NEAR(c d) col:x').map((term) => term.text)).toEqual([
      'a',
      'or',
      'b',
      'near',
      'c',
      'd',
      'col',
      'x',
    ]);
    expect(toFtsQuery(parseTerms('"a*'))).toBe('search_text : "a"*');
    expect(parseTerms(`${'word '.repeat(40)}a b c d e f g h i j`).length).toBe(8);
  });

  it('allows one typo in words of 5–8 letters and two in longer ones', () => {
    expect(typoAllowance(4)).toBe(0);
    expect(typoAllowance(5)).toBe(1);
    expect(typoAllowance(9)).toBe(2);
    expect(editDistance('smartfone', 'smartphone', 2)).toBe(2);
    expect(editDistance('wirelses', 'wireless', 1)).toBe(1);
    expect(editDistance('keybaord', 'keyboard', 1)).toBe(1);
    expect(editDistance('blender', 'speaker', 2)).toBe(3);
  });

  it('highlights fragments and corrected words in the display text, width and case folded', () => {
    const terms = parseTerms('phone ｘ5');
    expect(highlightRanges('Xingyao X5 Pro 5G Smartphone', terms)).toEqual([
      { start: 8, end: 10 },
      { start: 23, end: 28 },
    ]);
    expect(highlightRanges('星耀 Ｘ5 Pro', parseTerms('x5'))).toEqual([{ start: 3, end: 5 }]);
    expect(highlightRanges('青柠 Note 13', parseTerms('ote'))).toEqual([{ start: 4, end: 7 }]);
    const fixed = [{ text: 'smartfone', kind: 'latin' as const, corrections: ['smartphone'] }];
    expect(highlightRanges('5G Smartphone', fixed)).toEqual([{ start: 3, end: 13 }]);
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
          WHERE search_vector @@ to_tsquery('simple', ${"'pho':B & 'one':B"})`.execute(trx);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('products_search_vector');
    } else {
      const result = await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT p.id FROM products p
        WHERE p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ${'search_grams : ("pho" AND "one")'})`.execute(
        service.ctx.db,
      );
      const plan = result.rows.map((row) => row.detail).join('\n');
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/SCAN p\b(?! USING)/);
    }
  });
});
