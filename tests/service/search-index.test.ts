import type { RestProduct, RestSearchFacets } from '@shop/common/rest/index.ts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../service/src/db/migrate.ts';
import { productRow } from '../../service/src/modules/catalogue/product-row.ts';
import { searchPage } from '../../service/src/modules/catalogue/search-query.ts';
import { parseTerms, words } from '../../service/src/modules/catalogue/search-text.ts';
import { startTestService, type TestService, usingPostgres } from './harness.ts';
import { withDatabase } from './scratch-database.ts';

interface Row {
  id: number;
  sales: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
}

/**
 * The ranking as documented, computed here from the texts: per term the best of shopper name
 * (word 100, fragment 80), shopper description (50, 40), corrections (30, 20), then the same in
 * the other language at a tenth; summed over terms; ties by sales, then id.
 */
function expectedOrder(rows: Row[], keyword: string, locale: 'zh-CN' | 'en-GB', corrections: string[][]) {
  const terms = parseTerms(keyword).map((term, i) => ({ ...term, corrections: corrections[i] ?? [] }));
  const field = (text: string) => ` ${words(text).join(' ')} `;
  const score = (row: Row) => {
    const en = locale === 'en-GB';
    const sides: Array<[string, string, number]> = [
      [field(en ? row.name_en : row.name), field(en ? row.description_en : row.description), 10],
      [field(en ? row.name : row.name_en), field(en ? row.description : row.description_en), 1],
    ];
    let sum = 0;
    for (const term of terms) {
      const fragment = term.kind === 'short' ? ` ${term.text}` : term.text;
      const word = term.kind === 'latin' ? ` ${term.text} ` : fragment;
      const fixes = term.corrections.map((c) => ` ${c} `);
      let best = 0;
      for (const [name, description, weight] of sides) {
        const levels: Array<[boolean, number]> = [
          [name.includes(word), 10],
          [name.includes(fragment), 8],
          [description.includes(word), 5],
          [description.includes(fragment), 4],
          [fixes.some((fix) => name.includes(fix)), 3],
          [fixes.some((fix) => description.includes(fix)), 2],
        ];
        const found = levels.find(([hit]) => hit);
        if (found) best = Math.max(best, found[1] * weight);
      }
      if (!best) return 0;
      sum += best;
    }
    return sum;
  };
  return rows
    .map((row) => ({ row, score: score(row) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || b.row.sales - a.row.sales || a.row.id - b.row.id)
    .map((entry) => entry.row.id);
}

describe('search index', () => {
  let service: TestService;
  const page = async (keyword: string, locale = 'zh-CN', extra = '') => {
    const res = await service.http
      .get(`/service/shop/product/page?keyword=${encodeURIComponent(keyword)}${extra}`)
      .set('Accept-Language', locale);
    expect(res.status, keyword).toBe(200);
    return res.body.data as { total: number; records: RestProduct[] };
  };
  const ids = async (keyword: string, locale = 'zh-CN', extra = '') =>
    (await page(keyword, locale, `&pageSize=100${extra}`)).records.map((r) => r.id);
  const onShelf = () =>
    service.ctx.db
      .selectFrom('products')
      .select(['id', 'sales', 'name', 'name_en', 'description', 'description_en'])
      .where('on_shelf', '=', 1)
      .execute();

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  // Several words are read level by level too, up to 64 combinations of their levels; the last
  // keyword has more and is scored from the texts.
  it('orders one- and several-word searches exactly as the documented scoring does', async () => {
    const rows = await onShelf();
    const cases: Array<[string, 'zh-CN' | 'en-GB', string[][]]> = [
      ['phone', 'en-GB', []],
      ['phone', 'zh-CN', []],
      ['ote', 'en-GB', []],
      ['耳机', 'zh-CN', []],
      ['耳机', 'en-GB', []],
      ['手', 'zh-CN', []],
      ['x5', 'en-GB', []],
      ['wireless', 'en-GB', []],
      ['keybaord', 'en-GB', [['keyboard']]],
      ['蓝牙 speaker', 'zh-CN', []],
      ['phone 5g', 'en-GB', []],
      ['s e', 'en-GB', []],
      ['e s a', 'en-GB', []],
      ['smart phone pro 5g', 'en-GB', []],
    ];
    for (const [keyword, locale, corrections] of cases) {
      const expected = expectedOrder(rows, keyword, locale, corrections);
      expect(expected.length, keyword).toBeGreaterThan(0);
      expect(await ids(keyword, locale), `${keyword} ${locale}`).toEqual(expected);
    }
  });

  it('pages through the relevance levels without gaps or repeats', async () => {
    for (const [keyword, locale] of [
      ['phone', 'zh-CN'],
      ['e', 'en-GB'],
      ['s e', 'en-GB'],
      ['e s a', 'en-GB'],
    ]) {
      const all = await ids(keyword, locale);
      expect(all.length, keyword).toBeGreaterThan(3);
      const paged: number[] = [];
      for (let pageNum = 1; paged.length < all.length; pageNum += 1) {
        const { records, total } = await page(keyword, locale, `&pageSize=3&pageNum=${pageNum}`);
        expect(total).toBe(all.length);
        expect(records.length).toBeGreaterThan(0);
        paged.push(...records.map((r) => r.id));
      }
      expect(paged, keyword).toEqual(all);
      expect((await page(keyword, locale, `&pageSize=3&pageNum=${all.length}`)).records).toEqual([]);
    }
  });

  it('keeps the index in step with sales, shelf state, price and category, whoever writes them', async () => {
    const db = service.ctx.db;
    const [first, , third] = await ids('phone', 'zh-CN', '&sort=sales');
    const top = await db
      .selectFrom('products')
      .select('sales')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('products')
      .set({ sales: top.sales + 1 })
      .where('id', '=', third)
      .execute();
    expect((await ids('phone', 'zh-CN', '&sort=sales'))[0]).toBe(third);
    expect(await ids('phone')).toContain(third);

    const before = (await page('phone')).total;
    await db.updateTable('products').set({ on_shelf: 0 }).where('id', '=', third).execute();
    expect(await ids('phone')).not.toContain(third);
    expect((await page('phone')).total).toBe(before - 1);
    await db.updateTable('products').set({ on_shelf: 1, price: 1 }).where('id', '=', third).execute();
    expect((await ids('phone', 'zh-CN', '&sort=priceAsc'))[0]).toBe(third);
    expect(await ids('phone', 'zh-CN', '&maxPrice=2')).toEqual([third]);

    const menswear = await db
      .selectFrom('categories')
      .select('id')
      .where('card_name', '=', 'menswear')
      .executeTakeFirstOrThrow();
    await db.updateTable('products').set({ category_id: menswear.id }).where('id', '=', third).execute();
    const facets = (
      await service.http.get(`/service/shop/product/facets?keyword=${encodeURIComponent('phone')}`)
    ).body.data as RestSearchFacets;
    expect(facets.categories.find((c) => c.id === menswear.id)?.count).toBe(1);
    expect(facets.prices.find((band) => band.min === 0)?.count).toBeGreaterThanOrEqual(1);
  });

  it('keeps the rows a search reads narrow: the tokens are only in the text index', async () => {
    if (usingPostgres()) {
      // Seed rows with their tokens inline would take about 10 pages; out of line they fit in one.
      const result = await sql<{ heap: number; toast: number }>`SELECT pg_relation_size(c.oid) AS heap,
        pg_relation_size(c.reltoastrelid) AS toast FROM pg_class c WHERE c.oid = to_regclass('search_index')`.execute(
        service.ctx.db,
      );
      expect(Number(result.rows[0].heap)).toBeLessThanOrEqual(2 * 8192);
      expect(Number(result.rows[0].toast)).toBeGreaterThan(0);
    } else {
      const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('search_index')`.execute(
        service.ctx.db,
      );
      expect(columns.rows.map((row) => row.name)).toEqual([
        'rank',
        'product_id',
        'category_id',
        'price',
        'listed_at',
      ]);
    }
  });

  it('indexes a new product on the shelf and forgets a deleted one', async () => {
    const db = service.ctx.db;
    const category = await db
      .selectFrom('categories')
      .select('id')
      .where('parent_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const texts = { name: '星河投影仪', name_en: 'Zorblax Projector', description: '', description_en: '' };
    const { id } = await db
      .insertInto('products')
      .values(productRow({ ...texts, category_id: category.id, price: 100, stock: 1, listed_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ids('zorblax', 'en-GB')).toEqual([id]);
    expect(await ids('投影')).toEqual([id]);
    await db.deleteFrom('products').where('id', '=', id).execute();
    expect(await ids('zorblax', 'en-GB')).toEqual([]);
  });
});

describe('migration 008_search_rank', () => {
  it('re-indexes the products a database already holds', async () => {
    await withDatabase(async (database) => {
      const db = database.db as unknown as Kysely<unknown>;
      await migrateToLatest(db, database.dialect, '007_search');
      const { id: categoryId } = await sql<{ id: number }>`INSERT INTO categories (name, name_en, card_name)
        VALUES ('手机', 'Phones', 'phones') RETURNING id`
        .execute(db)
        .then((result) => result.rows[0]);
      const now = new Date().toISOString();
      for (const [name, nameEn, onShelf, sales] of [
        ['星耀 智能手机', 'Xingyao Smartphone', 1, 5],
        ['青柠 老人手机', 'Qingning Senior Phone', 1, 9],
        ['下架 手机', 'Retired Phone', 0, 99],
      ] as const) {
        await sql`INSERT INTO products (category_id, name, name_en, search_text, price, stock, sales, on_shelf,
          listed_at, created_at, updated_at)
          VALUES (${categoryId}, ${name}, ${nameEn}, ${name}, 100, 1, ${sales}, ${onShelf}, ${now}, ${now}, ${now})`.execute(
          db,
        );
      }
      await migrateToLatest(db, database.dialect);
      const ctx = { db: database.db, dialect: database.dialect };
      const found = await searchPage(ctx, parseTerms('phone'), 'en-GB', {}, 'relevance', {
        limit: 10,
        offset: 0,
      });
      const names = await database.db
        .selectFrom('products')
        .select(['id', 'name_en'])
        .where('id', 'in', found.ids)
        .execute();
      const byId = new Map(names.map((row) => [row.id, row.name_en]));
      expect(found.total).toBe(2);
      expect(found.ids.map((id) => byId.get(id))).toEqual(['Qingning Senior Phone', 'Xingyao Smartphone']);
      const cjk = await searchPage(ctx, parseTerms('手机'), 'zh-CN', {}, 'sales', { limit: 10, offset: 0 });
      expect(cjk.ids).toEqual(found.ids);
    });
  });
});
