// biome-ignore-all lint/suspicious/noExplicitAny: GraphQL answers are asserted field by field
/**
 * Categories and home cards through GraphQL: the back office's queries and mutations against the
 * real service, refusals as user errors on the right input field, and what shoppers read (cached
 * public answers) following at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, type GatewayHarness, startGatewayHarness } from './harness.ts';

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { sessionToken } }';
const CATEGORY =
  'id parentId cardName nameZh nameEn sort version hasPicture productCount icon { src altText }';
const CATEGORIES = `query { adminCategories { ${CATEGORY} children { ${CATEGORY} } } }`;
const ERRORS = 'userErrors { code field message }';
const CREATE = `mutation($input: CreateCategoryInput!) { createCategory(input: $input) { category { ${CATEGORY} } ${ERRORS} } }`;
const UPDATE = `mutation($input: UpdateCategoryInput!) { updateCategory(input: $input) { category { ${CATEGORY} } ${ERRORS} } }`;
const HIDE = `mutation($input: SetCategoryHiddenInput!) { setCategoryHidden(input: $input) { category { ${CATEGORY} hidden } ${ERRORS} } }`;
const DELETE = `mutation($input: DeleteCategoryInput!) { deleteCategory(input: $input) { deletedId ${ERRORS} } }`;
const REORDER = `mutation($input: ReorderCategoriesInput!) { reorderCategories(input: $input) { categories { id children { id } } ${ERRORS} } }`;
const CARD =
  'id kind titleZh titleEn subtitleZh subtitleEn link sort enabled version hasPicture image { src altText }';
const CARDS = `query { adminHomeCards { cards { ${CARD} } kinds { code name } } }`;
const UPDATE_CARD = `mutation($input: UpdateHomeCardInput!) { updateHomeCard(input: $input) { card { ${CARD} } ${ERRORS} } }`;
const PUBLIC_CARDS = 'query { cards { cards { id title subtitle link } } }';
const PUBLIC_CATEGORIES = 'query { categories { id name children { id name } } }';

describe('categories and home cards through GraphQL', () => {
  let h: GatewayHarness;
  let admin: CookieJar;
  let shopper: CookieJar;

  async function signIn(account: string, password: string) {
    const jar = h.jar();
    const res = await h.gql(LOGIN, { input: { account, password } }, { jar });
    expect(res.errors).toBeUndefined();
    return jar;
  }

  beforeAll(async () => {
    h = await startGatewayHarness();
    admin = await signIn('admin', 'admin123');
    shopper = await signIn('demo', 'demo123');
  });
  afterAll(() => h.close());

  it('lists the categories with versions and both names, and refuses a shopper with FORBIDDEN', async () => {
    const res = await h.gql<any>(CATEGORIES, {}, { jar: admin });
    expect(res.errors).toBeUndefined();
    const first = res.data.adminCategories[0];
    expect(first).toMatchObject({ parentId: null, sort: 1, version: 1, hasPicture: false });
    expect(first.icon.src).toMatch(/^\/service\/static\/categories\/.+\.svg\?lang=zh-CN&v=1$/);
    expect(first.children.length).toBeGreaterThan(0);
    expect(first.children[0].parentId).toBe(first.id);
    const refused = await h.gql<any>(CATEGORIES, {}, { jar: shopper });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const refusedWrite = await h.gql<any>(
      UPDATE,
      { input: { id: first.id, version: 1, nameZh: '改', nameEn: 'Changed' } },
      { jar: shopper },
    );
    expect(refusedWrite.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('creates a category, refuses a bad or taken slug on its input field, and renames it once per version', async () => {
    const created = await h.gql<any>(
      CREATE,
      { input: { cardName: 'pet-care', nameZh: '宠物用品', nameEn: 'Pet care' } },
      { jar: admin },
    );
    expect(created.data.createCategory).toMatchObject({
      category: { cardName: 'pet-care', version: 1 },
      userErrors: [],
    });
    const id = created.data.createCategory.category.id;
    const bad = await h.gql<any>(
      CREATE,
      { input: { cardName: 'Pet Care', nameZh: '宠物', nameEn: 'Pets' } },
      { jar: admin, headers: { 'Accept-Language': 'en-GB' } },
    );
    expect(bad.data.createCategory.category).toBeNull();
    expect(bad.data.createCategory.userErrors[0]).toMatchObject({
      code: 'CATALOGUE_STRUCTURE_INVALID_SLUG',
      field: ['input', 'cardName'],
    });
    const taken = await h.gql<any>(
      CREATE,
      { input: { cardName: 'pet-care', nameZh: '宠物', nameEn: 'Pets' } },
      { jar: admin },
    );
    expect(taken.data.createCategory.userErrors[0]).toMatchObject({
      code: 'CATEGORY_SLUG_TAKEN',
      message: '分类标识 pet-care 已被使用',
    });

    // a shopper's cached category list, then the rename: the next read already has the new name
    const before = await h.gql<any>(PUBLIC_CATEGORIES);
    expect(before.data.categories.find((c: any) => c.id === id)?.name).toBe('宠物用品');
    const renamed = await h.gql<any>(
      UPDATE,
      { input: { id, version: 1, nameZh: '宠物生活', nameEn: 'Pet life' } },
      { jar: admin },
    );
    expect(renamed.data.updateCategory).toMatchObject({
      category: { nameZh: '宠物生活', nameEn: 'Pet life', version: 2 },
      userErrors: [],
    });
    const after = await h.gql<any>(PUBLIC_CATEGORIES);
    expect(after.data.categories.find((c: any) => c.id === id)?.name).toBe('宠物生活');

    const stale = await h.gql<any>(
      UPDATE,
      { input: { id, version: 1, nameZh: '旧', nameEn: 'Old' } },
      { jar: admin, headers: { 'Accept-Language': 'en-GB' } },
    );
    expect(stale.data.updateCategory).toMatchObject({
      category: null,
      userErrors: [
        {
          code: 'CATEGORY_VERSION_CONFLICT',
          message: 'Someone else changed this category; reload and try again.',
        },
      ],
    });
  });

  it('hides a category from the storefront at once and shows it again; deletes an empty one and refuses one holding products', async () => {
    const created = await h.gql<any>(
      CREATE,
      { input: { cardName: 'made-by-mistake', nameZh: '误建', nameEn: 'Made by mistake' } },
      { jar: admin },
    );
    const category = created.data.createCategory.category;
    const shown = async () =>
      ((await h.gql<any>(PUBLIC_CATEGORIES)).data.categories as { id: string }[]).map((node) => node.id);
    expect(await shown()).toContain(category.id);

    const hidden = await h.gql<any>(
      HIDE,
      { input: { id: category.id, version: category.version, hidden: true } },
      { jar: admin },
    );
    expect(hidden.data.setCategoryHidden).toMatchObject({
      category: { id: category.id, hidden: true, version: category.version + 1 },
      userErrors: [],
    });
    // the cached public list follows at once (the mutation purges the catalogue)
    expect(await shown()).not.toContain(category.id);
    const stale = await h.gql<any>(
      HIDE,
      { input: { id: category.id, version: category.version, hidden: false } },
      { jar: admin, headers: { 'Accept-Language': 'en-GB' } },
    );
    expect(stale.data.setCategoryHidden).toMatchObject({
      category: null,
      userErrors: [{ code: 'CATEGORY_VERSION_CONFLICT' }],
    });
    const again = await h.gql<any>(
      HIDE,
      { input: { id: category.id, version: category.version + 1, hidden: false } },
      { jar: admin },
    );
    expect(again.data.setCategoryHidden.category.hidden).toBe(false);
    expect(await shown()).toContain(category.id);

    const full = (await h.gql<any>(CATEGORIES, {}, { jar: admin })).data.adminCategories.find((node: any) =>
      node.children.some((child: any) => child.productCount > 0),
    );
    const refused = await h.gql<any>(
      DELETE,
      { input: { id: full.id, version: full.version } },
      { jar: admin, headers: { 'Accept-Language': 'en-GB' } },
    );
    expect(refused.data.deleteCategory).toMatchObject({ deletedId: null });
    expect(refused.data.deleteCategory.userErrors).toEqual([
      {
        code: 'CATEGORY_NOT_EMPTY',
        field: null,
        message: expect.stringMatching(/^This category or its sub-categories still hold \d+ products/),
      },
    ]);
    const forbidden = await h.gql<any>(
      DELETE,
      { input: { id: category.id, version: category.version + 2 } },
      { jar: shopper },
    );
    expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const deleted = await h.gql<any>(
      DELETE,
      { input: { id: category.id, version: category.version + 2 } },
      { jar: admin },
    );
    expect(deleted.data.deleteCategory).toEqual({ deletedId: category.id, userErrors: [] });
    expect(await shown()).not.toContain(category.id);
    const ids = (await h.gql<any>(CATEGORIES, {}, { jar: admin })).data.adminCategories.map((n: any) => n.id);
    expect(ids).not.toContain(category.id);
  });

  it('orders the top level in one step and refuses an order made for another list', async () => {
    const list = (await h.gql<any>(CATEGORIES, {}, { jar: admin })).data.adminCategories as any[];
    const ids = list.map((c) => c.id);
    const moved = [ids[ids.length - 1], ...ids.slice(0, -1)];
    const res = await h.gql<any>(REORDER, { input: { parentId: null, categoryIds: moved } }, { jar: admin });
    expect(res.data.reorderCategories.userErrors).toEqual([]);
    expect(res.data.reorderCategories.categories.map((c: any) => c.id)).toEqual(moved);
    expect((await h.gql<any>(PUBLIC_CATEGORIES)).data.categories.map((c: any) => c.id)).toEqual(moved);
    const stale = await h.gql<any>(
      REORDER,
      { input: { parentId: null, categoryIds: moved.slice(1) } },
      { jar: admin },
    );
    expect(stale.data.reorderCategories).toMatchObject({
      categories: null,
      userErrors: [{ code: 'CATEGORY_ORDER_STALE' }],
    });
  });

  it('edits a home card: shoppers read the new title at once; a bad link and a stale edit are refused', async () => {
    const list = (await h.gql<any>(CARDS, {}, { jar: admin })).data.adminHomeCards;
    expect(list.kinds.map((k: any) => k.code)).toEqual(['banner', 'promotion', 'service']);
    const card = list.cards[0];
    expect(card.image.src).toMatch(/^\/service\/shop\/card\/image\/.+\.svg\?lang=zh-CN&v=1$/);
    const shopperBefore = await h.gql<any>(PUBLIC_CARDS);
    expect(shopperBefore.data.cards.cards[0].title).toBe(card.titleZh);
    const input = {
      id: card.id,
      version: card.version,
      kind: card.kind,
      titleZh: '年终大促',
      titleEn: 'Year-end sale',
      subtitleZh: '低至五折',
      subtitleEn: 'Up to half off',
      link: '/goods/hot',
      enabled: true,
    };
    const badLink = await h.gql<any>(
      UPDATE_CARD,
      { input: { ...input, link: 'javascript:alert(1)' } },
      { jar: admin },
    );
    expect(badLink.data.updateHomeCard.userErrors[0]).toMatchObject({
      code: 'CATALOGUE_STRUCTURE_INVALID_LINK',
      field: ['input', 'link'],
      message: '链接 须为本站路径（以 / 开头）或 http(s) 网址',
    });
    const saved = await h.gql<any>(UPDATE_CARD, { input }, { jar: admin });
    expect(saved.data.updateHomeCard).toMatchObject({
      card: { titleZh: '年终大促', version: card.version + 1, link: '/goods/hot' },
      userErrors: [],
    });
    const shopperAfter = await h.gql<any>(PUBLIC_CARDS);
    expect(shopperAfter.data.cards.cards[0]).toMatchObject({ title: '年终大促', subtitle: '低至五折' });
    const english = await h.gql<any>(PUBLIC_CARDS, {}, { headers: { 'Accept-Language': 'en-GB' } });
    expect(english.data.cards.cards[0].title).toBe('Year-end sale');
    const stale = await h.gql<any>(UPDATE_CARD, { input: { ...input, titleZh: '旧' } }, { jar: admin });
    expect(stale.data.updateHomeCard.userErrors[0].code).toBe('HOME_CARD_VERSION_CONFLICT');
    const off = await h.gql<any>(
      UPDATE_CARD,
      { input: { ...input, version: card.version + 1, enabled: false } },
      { jar: admin },
    );
    expect(off.data.updateHomeCard.card.enabled).toBe(false);
    expect((await h.gql<any>(PUBLIC_CARDS)).data.cards.cards.some((c: any) => c.id === card.id)).toBe(false);
  });
});
