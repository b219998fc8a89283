// biome-ignore-all lint/style/noNonNullAssertion: GraphQL answers are asserted field by field
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGatewayHarness } from './harness.ts';

/**
 * Search through GraphQL on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL too: the
 * same questions must get the same answers on both.
 */
const databases = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const SEARCH = `query Search($keyword: String!, $filter: ProductSearchFilter, $sort: ProductSort, $page: PageInput) {
  productSearch(keyword: $keyword, filter: $filter, sort: $sort, page: $page) {
    total pageNum pageSize interpretedKeyword
    hits {
      product { id name description sales price { fen } }
      match { language nameRanges { start end } descriptionRanges { start end } otherName otherNameRanges { start end } }
    }
    facets { categories { id name cardName count } prices { min { fen } max { fen } count } }
  }
}`;

interface Range {
  start: number;
  end: number;
}
interface Hit {
  product: { id: string; name: string; description: string; sales: number; price: { fen: number } };
  match: {
    language: 'SHOPPER' | 'OTHER';
    nameRanges: Range[];
    descriptionRanges: Range[];
    otherName: string | null;
    otherNameRanges: Range[];
  };
}
interface SearchData {
  productSearch: {
    total: number;
    interpretedKeyword: string | null;
    hits: Hit[];
    facets: {
      categories: Array<{ id: string; name: string; cardName: string; count: number }>;
      prices: Array<{ min: { fen: number }; max: { fen: number } | null; count: number }>;
    };
  };
}

const QUESTIONS: Array<[string, string]> = [
  ['phone', 'zh-CN'],
  ['phone', 'en-GB'],
  ['ote', 'zh-CN'],
  ['smartfone', 'en-GB'],
  ['手', 'zh-CN'],
  ['耳机', 'zh-CN'],
  ['Pro', 'zh-CN'],
  ['ＷＩＲＥＬＥＳＳ', 'en-GB'],
];

const answers = new Map<string, unknown>();

describe.each(databases)('gateway API: search on %s', (database) => {
  let h: GatewayHarness;
  const search = async (keyword: string, locale = 'zh-CN', variables: Record<string, unknown> = {}) => {
    const res = await h.gql<SearchData>(
      SEARCH,
      { keyword, ...variables },
      { headers: { 'accept-language': locale } },
    );
    expect(res.errors, keyword).toBeUndefined();
    return res.data!.productSearch;
  };
  const marked = (text: string, ranges: Range[]) => ranges.map((range) => text.slice(range.start, range.end));

  beforeAll(async () => {
    const previous = process.env.TEST_DB;
    process.env.TEST_DB = database;
    try {
      h = await startGatewayHarness();
    } finally {
      process.env.TEST_DB = previous;
    }
  });
  afterAll(() => h?.close());

  it('finds words inside words and highlights them in the shopper language', async () => {
    const english = await search('phone', 'en-GB');
    const smartphone = english.hits.find((hit) =>
      hit.product.name.startsWith('Xingyao X5 Pro 5G Smartphone'),
    )!;
    expect(marked(smartphone.product.name, smartphone.match.nameRanges)).toEqual(['phone']);
    const chinese = await search('ote');
    const note = chinese.hits.find((hit) => hit.product.name.startsWith('青柠 Note 13'))!;
    expect(note.match.language).toBe('SHOPPER');
    expect(marked(note.product.name, note.match.nameRanges)).toEqual(['ote']);
  });

  it('says when a product matched only through its other-language name, and ranks it last', async () => {
    const { hits } = await search('phone');
    const firstOther = hits.findIndex((hit) => hit.match.language === 'OTHER');
    expect(firstOther).toBeGreaterThanOrEqual(0);
    expect(hits.slice(firstOther).every((hit) => hit.match.language === 'OTHER')).toBe(true);
    const other = hits[firstOther];
    expect(other.match.nameRanges).toEqual([]);
    expect(marked(other.match.otherName!, other.match.otherNameRanges).join(' ').toLowerCase()).toContain(
      'phone',
    );
    const pro = await search('Pro');
    const book = pro.hits.find((hit) => hit.product.name.includes('三体'));
    if (book) expect(book.match.language).toBe('OTHER');
  });

  it('tolerates typos and folds width and case', async () => {
    const fixed = await search('smartfone', 'en-GB');
    const hit = fixed.hits.find((entry) => entry.product.name.includes('Smartphone'))!;
    expect(marked(hit.product.name, hit.match.nameRanges)).toEqual(['Smartphone']);
    const wide = await search('ＷＩＲＥＬＥＳＳ', 'en-GB');
    expect(wide.total).toBe((await search('wireless', 'en-GB')).total);
    expect(wide.total).toBeGreaterThan(1);
  });

  it('says which words the results are for when a typed word was corrected', async () => {
    const corrected = await search('smartphnoe', 'en-GB');
    expect(corrected.interpretedKeyword).toBe('smartphone');
    expect(corrected.hits.map((hit) => hit.product.name)).toContain(
      'Xingyao X5 Pro 5G Smartphone 12GB+256GB',
    );
    expect((await search('智能 Smartphnoe')).interpretedKeyword).toBe('智能 smartphone');
    expect((await search('smartphone', 'en-GB')).interpretedKeyword).toBeNull();
    expect((await search('茶')).interpretedKeyword).toBeNull();
    const nothing = await search('smartphnoe 茶');
    expect(nothing).toMatchObject({ total: 0, interpretedKeyword: null });
  });

  it('narrows by category and price band with facet counts, and keeps the other sorts', async () => {
    const all = await search('耳机');
    const { categories, prices } = all.facets;
    expect(categories.reduce((sum, c) => sum + c.count, 0)).toBe(all.total);
    const audio = categories.find((c) => c.cardName === 'audio')!;
    const inAudio = await search('耳机', 'zh-CN', { filter: { cardName: 'audio' } });
    expect(inAudio.total).toBe(audio.count);
    const band = prices[0];
    const cheap = await search('耳机', 'zh-CN', {
      filter: { minPrice: band.min.fen, maxPrice: band.max?.fen ?? null },
      sort: 'PRICE_DESC',
    });
    expect(cheap.total).toBe(band.count);
    const fen = cheap.hits.map((entry) => entry.product.price.fen);
    expect(fen).toEqual([...fen].sort((a, b) => b - a));
  });

  it('suggests at most eight categories and products while typing', async () => {
    const res = await h.gql<{
      searchSuggestions: Array<{
        kind: string;
        text: string;
        ranges: Range[];
        productId: string | null;
        cardName: string | null;
      }>;
    }>(
      'query($k: String!) { searchSuggestions(keyword: $k) { kind text ranges { start end } productId cardName } }',
      {
        k: '耳',
      },
    );
    expect(res.errors).toBeUndefined();
    const list = res.data!.searchSuggestions;
    expect(list.length).toBeGreaterThan(1);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list[0]).toMatchObject({ kind: 'CATEGORY', text: '耳机音箱', cardName: 'audio', productId: null });
    expect(list.filter((s) => s.kind === 'PRODUCT').every((s) => s.productId && s.text.includes('耳'))).toBe(
      true,
    );
    const empty = await h.gql<{ searchSuggestions: unknown[] }>(
      '{ searchSuggestions(keyword: "  ") { text } }',
    );
    expect(empty.data!.searchSuggestions).toEqual([]);
  });

  it('answers the same as on the other database', async () => {
    for (const [keyword, locale] of QUESTIONS) {
      const result = await search(keyword, locale, { page: { pageSize: 50 } });
      const key = `${keyword}/${locale}`;
      const seen = answers.get(key);
      if (seen) expect(result, key).toEqual(seen);
      else answers.set(key, result);
    }
  });
});
