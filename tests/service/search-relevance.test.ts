import type { RestProductPage, RestSearchFacets, RestSearchSuggestion } from '@shop/common/rest/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PRODUCTS } from '../../service/src/modules/catalogue/seed-data.ts';
import { updateProductText } from '../../service/src/modules/catalogue/service.ts';
import { startTestService, type TestService } from './harness.ts';

/** Search inside words, typos, ranking, highlights, facets and suggestions (same on both databases). */
describe('search relevance', () => {
  let service: TestService;
  const get = async <T>(path: string, locale = 'zh-CN') => {
    const res = await service.http.get(`/service${path}`).set('Accept-Language', locale);
    expect(res.status, path).toBe(200);
    return res.body.data as T;
  };
  const search = (keyword: string, locale = 'zh-CN', extra = '') =>
    get<RestProductPage>(
      `/shop/product/page?pageSize=50&keyword=${encodeURIComponent(keyword)}${extra}`,
      locale,
    );
  const namesEn = async (keyword: string, extra = '') =>
    (await search(keyword, 'en-GB', extra)).records.map((record) => record.name);
  const onShelf = SEED_PRODUCTS.filter((p) => p.onShelf);

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('matches inside Latin words and inside mixed names, never only at word starts', async () => {
    expect(await namesEn('phone')).toContain('Xingyao X5 Pro 5G Smartphone 12GB+256GB');
    expect(await namesEn('ote')).toContain('Qingning Note 13 Long-battery Phone 8GB+128GB');
    expect((await search('ote')).records.map((r) => r.name)).toContain('青柠 Note 13 长续航手机 8GB+128GB');
    const expected = onShelf.filter((p) => /phone/i.test(`${p.nameEn} ${p.descriptionEn}`)).length;
    expect((await search('phone')).total).toBe(expected);
  });

  it('answers one- and two-character queries: CJK characters anywhere, Latin at word starts', async () => {
    const one = onShelf.filter((p) => `${p.name}${p.description}`.includes('茶')).length;
    expect(one).toBeGreaterThan(0);
    expect((await search('茶')).total).toBe(one);
    expect((await search('手机')).total).toBe(
      onShelf.filter((p) => `${p.name}${p.description}`.includes('手机')).length,
    );
    expect(await namesEn('x5')).toEqual(['Xingyao X5 Pro 5G Smartphone 12GB+256GB']);
  });

  it('folds width and case', async () => {
    expect(await namesEn('ＳＭＡＲＴＰＨＯＮＥ')).toEqual(await namesEn('smartphone'));
    expect(await namesEn('ｘ５')).toEqual(['Xingyao X5 Pro 5G Smartphone 12GB+256GB']);
  });

  it('tolerates one typo in words of 5–8 letters and two in longer words', async () => {
    expect(await namesEn('smartfone')).toContain('Xingyao X5 Pro 5G Smartphone 12GB+256GB');
    const keyboards = await search('keybaord', 'en-GB');
    expect(keyboards.records[0].name).toBe('87-key Hot-swappable Mechanical Keyboard');
    expect(keyboards.records.every((r) => /keyboard/i.test(`${r.name} ${r.description}`))).toBe(true);
    expect(await namesEn('toothbrsh')).toEqual(['Sonic Electric Toothbrush']);
    expect(await namesEn('xbox')).toEqual([]);
  });

  it('ranks name before description, whole word before fragment, then sales', async () => {
    const records = (await search('phone', 'en-GB')).records;
    const wholeInName = records.findIndex((r) => / phone\b/i.test(` ${r.name}`));
    const fragmentInName = records.findIndex((r) => r.name.includes('Smartphone'));
    const inDescriptionOnly = records.findIndex((r) => !/phone/i.test(r.name));
    expect(wholeInName).toBe(0);
    expect(fragmentInName).toBeGreaterThan(wholeInName);
    if (inDescriptionOnly >= 0) expect(inDescriptionOnly).toBeGreaterThan(fragmentInName);
    const wholeWord = records.filter((r) => /\bphone\b/i.test(r.name));
    expect(wholeWord.map((r) => r.sales)).toEqual([...wholeWord.map((r) => r.sales)].sort((a, b) => b - a));
    const sorted = await search('phone', 'en-GB', '&sort=priceAsc');
    expect(sorted.records.map((r) => r.price)).toEqual(
      [...sorted.records.map((r) => r.price)].sort((a, b) => a - b),
    );
  });

  it('ranks a product whose name matches above better-selling ones whose description does ("茶")', async () => {
    const { records } = await search('茶');
    const inName = records.filter((r) => r.name.includes('茶'));
    const inDescriptionOnly = records.filter((r) => !r.name.includes('茶'));
    expect(inName.map((r) => r.name)).toContain('明前西湖龙井茶 250g');
    expect(inDescriptionOnly.map((r) => r.name)).toEqual(
      expect.arrayContaining(['香氛沐浴露 1L', '机械键盘 87 键 热插拔']),
    );
    // Sales alone would put a description match first: the name is what lifts the tea.
    expect(Math.max(...inDescriptionOnly.map((r) => r.sales))).toBeGreaterThan(
      Math.min(...inName.map((r) => r.sales)),
    );
    expect(records.slice(0, inName.length)).toEqual(inName);
  });

  it('says which words it searched when a typed word found nothing and a correction did', async () => {
    const corrected = await search('smartphnoe', 'en-GB');
    expect(corrected.interpretedKeyword).toBe('smartphone');
    expect(corrected.records.map((r) => r.name)).toContain('Xingyao X5 Pro 5G Smartphone 12GB+256GB');
    const mixed = await search('智能 SmartPhnoe');
    expect(mixed.interpretedKeyword).toBe('智能 smartphone');
    expect(mixed.total).toBeGreaterThan(0);
    // As typed, found, or nothing found at all: the keyword stands for itself.
    for (const keyword of ['smartphone', 'phone', '茶', 'xbox', 'smartphnoe 茶']) {
      const page = await search(keyword, 'en-GB');
      expect(page, keyword).not.toHaveProperty('interpretedKeyword');
    }
    expect((await search('smartphnoe 茶', 'en-GB')).total).toBe(0);
  });

  it('highlights in the shopper language and ranks other-language-only matches last, saying so', async () => {
    const { records } = await search('phone');
    const local = records.filter((r) => r.match?.language === 'shopper');
    const other = records.filter((r) => r.match?.language === 'other');
    expect(other.length).toBeGreaterThan(0);
    expect(records.slice(local.length).every((r) => r.match?.language === 'other')).toBe(true);
    const smartphone = other.find((r) => r.id === 1);
    expect(smartphone?.match?.otherName).toBe('Xingyao X5 Pro 5G Smartphone 12GB+256GB');
    expect(smartphone?.match?.otherNameRanges).toEqual([{ start: 23, end: 28 }]);
    const [first] = (await search('智能手机')).records;
    const at = first.name.indexOf('智能手机');
    expect(at).toBeGreaterThan(0);
    expect(first.match).toMatchObject({ language: 'shopper', nameRanges: [{ start: at, end: at + 4 }] });
  });

  it('filters by a price band and counts categories and price bands as facets', async () => {
    const facets = await get<RestSearchFacets>(`/shop/product/facets?keyword=${encodeURIComponent('耳机')}`);
    const total = (await search('耳机')).total;
    expect(facets.categories.reduce((sum, c) => sum + c.count, 0)).toBe(total);
    expect(facets.prices.reduce((sum, c) => sum + c.count, 0)).toBe(total);
    expect(facets.categories[0]).toMatchObject({ name: '耳机音箱', cardName: 'audio' });
    const band = facets.prices[0];
    const inBand = await search(
      '耳机',
      'zh-CN',
      `&minPrice=${band.min}${band.max ? `&maxPrice=${band.max}` : ''}`,
    );
    expect(inBand.total).toBe(band.count);
    expect(
      inBand.records.every((r) => r.price >= band.min && (band.max === null || r.price < band.max)),
    ).toBe(true);
    const narrowed = await get<RestSearchFacets>(
      `/shop/product/facets?keyword=${encodeURIComponent('耳机')}&cardName=audio`,
    );
    expect(narrowed.categories).toEqual(facets.categories);
    const bad = await service.http.get('/service/shop/product/page?keyword=a&minPrice=-1');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('价格须为不小于 0 的整数（分）');
  });

  it('suggests at most eight categories and product names as the shopper types', async () => {
    const suggestions = await get<RestSearchSuggestion[]>(
      `/shop/search/suggestions?keyword=${encodeURIComponent('手')}`,
    );
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions.slice(0, 2)).toMatchObject([
      { kind: 'category', text: '手机数码', cardName: 'digital', ranges: [{ start: 0, end: 1 }] },
      { kind: 'category', text: '手机', cardName: 'phones' },
    ]);
    expect(suggestions.some((s) => s.kind === 'product' && s.productId !== null)).toBe(true);
    expect(suggestions.every((s) => s.ranges.length > 0)).toBe(true);
    const english = await get<RestSearchSuggestion[]>('/shop/search/suggestions?keyword=headph', 'en-GB');
    expect(english.map((s) => s.text)).toEqual([
      'Headphones & Speakers',
      'H700 Over-ear Wireless Noise-Cancelling Headphones',
    ]);
    expect(await get<RestSearchSuggestion[]>('/shop/search/suggestions?keyword=')).toEqual([]);
  });

  it('corrects typos to words indexed after start-up', async () => {
    expect(await namesEn('holograpic')).toEqual([]);
    await updateProductText(service.ctx.db, 2, { descriptionEn: 'With a holographic display' }, new Date());
    expect(await namesEn('holograpic')).toEqual(['Qingning Note 13 Long-battery Phone 8GB+128GB']);
  });
});
