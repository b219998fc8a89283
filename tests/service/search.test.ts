import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlightRanges } from '../../service/src/modules/catalogue/search-highlight.ts';
import {
  exactTokens,
  expandPrefixes,
  levelOnly,
  mayMatch,
  prefixTokens,
  termLevels,
  termsMatch,
  toFts,
  toTsQuery,
} from '../../service/src/modules/catalogue/search-index.ts';
import {
  parseTerms,
  searchColumns,
  vocabularyWords,
} from '../../service/src/modules/catalogue/search-text.ts';
import { editDistance, typoAllowance } from '../../service/src/modules/catalogue/search-typos.ts';
import { SEED_PRODUCTS } from '../../service/src/modules/catalogue/seed-data.ts';
import { updateProductText } from '../../service/src/modules/catalogue/service.ts';
import { startTestService, type TestService, usingPostgres } from './harness.ts';

describe('search text', () => {
  it('indexes per field whole Latin words and suffixes of words (CJK runs: every suffix), folded', () => {
    const columns = searchColumns({
      name: '智能手机 ＰＲＯ',
      name_en: 'Noise-Cancelling iPhone15',
      description: 'Café',
      description_en: '',
    });
    const tokens = columns.search_tokens.split(' ');
    expect(tokens).toEqual(
      expect.arrayContaining(['as:智能手机', 'as:能手机', 'as:手机', 'as:机', 'aw:pro', 'as:pro']),
    );
    expect(tokens).toEqual(
      expect.arrayContaining([
        'bw:noise',
        'bw:cancelling',
        'bw:iphone15',
        'bs:phone15',
        'bs:e15',
        'cw:cafe',
        'cs:afe',
      ]),
    );
    // A CJK run is found through its suffixes; Latin suffixes shorter than a 3-letter term are useless.
    expect(tokens).not.toContain('aw:智能手机');
    expect(tokens).not.toContain('bs:15');
    expect(tokens.some((token) => token.startsWith('d'))).toBe(false);
    expect(columns.norm_name).toBe(' 智能手机 pro ');
    expect(columns.norm_name_en).toBe(' noise cancelling iphone15 ');
    expect(vocabularyWords(columns)).toEqual(expect.arrayContaining(['noise', 'iphone15', 'cafe']));
    expect(vocabularyWords(columns)).not.toContain('手机');
  });

  it('cuts tokens to the longest term, so a long word is found by its start but never equals a term', () => {
    const long = `${'a'.repeat(20)}bcdefghijk`;
    const tokens = searchColumns({
      name: long,
      name_en: '',
      description: '',
      description_en: '',
    }).search_tokens.split(' ');
    expect(tokens).toContain(`aw:${long.slice(0, 24)}:`);
    expect(tokens).not.toContain(`aw:${long.slice(0, 24)}`);
    expect(tokens).toContain(`as:${long.slice(0, 24)}`);
    expect(tokens).toContain('as:ijk');
    expect(Math.max(...tokens.map((token) => Array.from(token).length))).toBeLessThanOrEqual(28);
  });

  it('turns a keyword into terms: CJK runs, Latin words, short words; nothing else survives', () => {
    expect(parseTerms('华为手机 Ｓmart x5').map((t) => [t.text, t.kind])).toEqual([
      ['华为手机', 'cjk'],
      ['smart', 'latin'],
      ['x5', 'short'],
    ]);
    expect(toFts(termsMatch(parseTerms('手机 phone 5g')))).toBe(
      '(("as:手机"* OR "bs:手机"* OR "cs:手机"* OR "ds:手机"*) AND ("as:phone"* OR "bs:phone"* OR "cs:phone"* OR ' +
        '"ds:phone"*) AND ("aw:5g"* OR "bw:5g"* OR "cw:5g"* OR "dw:5g"*))',
    );
    expect(toTsQuery(termsMatch(parseTerms('phone')))).toBe(
      "('as:phone':* | 'bs:phone':* | 'cs:phone':* | 'ds:phone':*)",
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
    expect(toFts(termsMatch(parseTerms('"a*')))).toBe('("aw:a"* OR "bw:a"* OR "cw:a"* OR "dw:a"*)');
    expect(parseTerms(`${'word '.repeat(40)}a b c d e f g h i j`).length).toBe(8);
  });

  it('orders relevance levels as the ranking does, each without the levels above it', () => {
    const fixed = { text: 'smartfone', kind: 'latin' as const, corrections: ['smartphone'] };
    const levels = termLevels(fixed, 'en-GB');
    expect(levels.map((level) => level.score)).toEqual([100, 80, 50, 40, 30, 20, 10, 8, 5, 4, 3, 2]);
    expect(toFts(levels[0].node)).toBe('"bw:smartfone"');
    expect(toFts(levels[4].node)).toBe('"bw:smartphone"');
    expect(toFts(levelOnly(levels, 2))).toBe('("dw:smartfone" NOT ("bw:smartfone" OR "bs:smartfone"*))');
    expect(toTsQuery(levelOnly(levels, 1))).toBe("('bs:smartfone':* & !'bw:smartfone')");
    // CJK and 1–2 letter terms have no whole-word level of their own.
    expect(
      termLevels(parseTerms('耳机')[0], 'zh-CN').map((level) => [level.score, toFts(level.node)]),
    ).toEqual([
      [100, '"as:耳机"*'],
      [50, '"cs:耳机"*'],
      [10, '"bs:耳机"*'],
      [5, '"ds:耳机"*'],
    ]);
  });

  it('turns prefix look-ups into the indexed tokens they cover, or leaves them when there are too many', () => {
    const match = termsMatch(parseTerms('phone x5'));
    expect(prefixTokens(match)).toEqual([
      'as:phone',
      'bs:phone',
      'cs:phone',
      'ds:phone',
      'aw:x5',
      'bw:x5',
      'cw:x5',
      'dw:x5',
    ]);
    const expansions = new Map([
      ['as:phone', []],
      ['bs:phone', ['bs:phone', 'bs:phones']],
      ['cs:phone', []],
      ['ds:phone', ['ds:phone']],
      ['aw:x5', []],
      ['bw:x5', ['bw:x5']],
      ['cw:x5', []],
      ['dw:x5', []],
    ]);
    expect(toFts(expandPrefixes(match, expansions))).toBe(
      '(("as:phone" OR ("bs:phone" OR "bs:phones") OR "cs:phone" OR "ds:phone") AND ' +
        '("aw:x5" OR "bw:x5" OR "cw:x5" OR "dw:x5"))',
    );
    expansions.delete('bs:phone');
    expect(toTsQuery(expandPrefixes(termsMatch(parseTerms('phone')), expansions))).toBe(
      "('as:phone' | 'bs:phone':* | 'cs:phone' | 'ds:phone')",
    );
  });

  it('tells which expressions may find anything from which of their tokens are indexed', () => {
    const [term] = parseTerms('phone');
    const levels = termLevels(term, 'zh-CN');
    expect(exactTokens(levels[0].node)).toEqual(['aw:phone']);
    const indexed = new Set(['bw:phone']);
    expect(mayMatch(levels[0].node, indexed)).toBe(false);
    expect(mayMatch(levelOnly(levels, 4), indexed)).toBe(true);
    expect(mayMatch(levels[1].node, indexed)).toBe(true);
    expect(mayMatch(termsMatch(parseTerms('phone x5')), new Set())).toBe(true);
    expect(mayMatch({ all: [levels[0].node, levels[4].node] }, indexed)).toBe(false);
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

  it('uses the text index, not a scan of every product, and reads a relevance page in rank order', async () => {
    const query = termsMatch(parseTerms('phone'));
    if (usingPostgres()) {
      const plan = await service.ctx.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const result = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT s.product_id FROM search_index s
          WHERE s.tokens @@ CAST(${toTsQuery(query)} AS tsquery) AND s.price < 100000
          ORDER BY s.rank LIMIT 20`.execute(trx);
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('search_index_tokens');
    } else {
      const explain = async (statement: ReturnType<typeof sql>) =>
        (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${statement}`.execute(service.ctx.db)).rows
          .map((row) => row.detail)
          .join('\n');
      const page = await explain(
        sql`SELECT (f.rowid & 4294967295) FROM search_fts f WHERE search_fts MATCH ${toFts(query)}
          ORDER BY f.rowid LIMIT 20`,
      );
      expect(page).toMatch(/VIRTUAL TABLE INDEX/);
      expect(page).not.toMatch(/TEMP B-TREE/);
      const filtered = await explain(
        sql`SELECT s.product_id FROM search_fts f JOIN search_index s ON s.rank = f.rowid
          WHERE search_fts MATCH ${toFts(query)} AND s.price < 100000 ORDER BY s.price LIMIT 20`,
      );
      expect(filtered).toMatch(/VIRTUAL TABLE INDEX/);
      expect(filtered).toMatch(/SEARCH s USING INTEGER PRIMARY KEY/);
      expect(filtered).not.toMatch(/SCAN s\b/);
    }
  });
});
