import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './harness.ts';
import { startTestService } from './harness.ts';
import { adminSession, type Shopper, shopper } from './orders-fixture.ts';
import { png } from './png-fixture.ts';
import type { TestSession } from './session-fixture.ts';

interface Category {
  id: number;
  parentId: number | null;
  cardName: string;
  nameZh: string;
  nameEn: string;
  sort: number;
  version: number;
  icon: string;
  picture: string | null;
  productCount: number;
  hidden: boolean;
  children: Category[];
}
interface Card {
  id: number;
  kind: string;
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  link: string;
  image: string;
  picture: string | null;
  sort: number;
  enabled: boolean;
  version: number;
}

describe('back office: categories and home cards', () => {
  let service: TestService, admin: TestSession, buyer: Shopper;
  beforeAll(async () => {
    service = await startTestService({ ACCESS_TOKEN_TTL: '7d' });
    admin = await adminSession(service);
    buyer = await shopper(service);
  });
  afterAll(() => service.close());

  const as = (who: TestSession, locale = 'zh-CN') => ({ ...who.headers, 'Accept-Language': locale });
  const tree = async (locale = 'zh-CN'): Promise<Category[]> =>
    (await service.http.get('/service/admin/category/list').set(as(admin, locale))).body.data;
  const flat = (nodes: Category[]): Category[] => nodes.flatMap((node) => [node, ...flat(node.children)]);
  const category = async (id: number) => flat(await tree()).find((node) => node.id === id)!;
  const publicTree = async (locale: string) =>
    (await service.http.get('/service/shop/category/list').set('Accept-Language', locale)).body.data as {
      id: number;
      name: string;
      icon: string;
      children: { id: number; name: string }[];
    }[];
  const create = (body: Record<string, unknown>, locale = 'zh-CN') =>
    service.http.post('/service/admin/category').set(as(admin, locale)).send(body);
  const cards = async (): Promise<{ cards: Card[]; kinds: { code: string }[] }> =>
    (await service.http.get('/service/admin/home-card/list').set(as(admin))).body.data;
  const cardBody = (card: Card, change: Record<string, unknown> = {}) => ({
    version: card.version,
    kind: card.kind,
    titleZh: card.titleZh,
    titleEn: card.titleEn,
    subtitleZh: card.subtitleZh,
    subtitleEn: card.subtitleEn,
    link: card.link,
    enabled: card.enabled,
    ...change,
  });
  const upload = async (content: Buffer, name: string) =>
    (await service.http.post('/service/file/uploads').set(admin.headers).attach('file', content, name)).body
      .data.fullfilename as string;

  it('answers shoppers 403 无访问权限 and visitors 401 on every endpoint, and changes nothing', async () => {
    const before = JSON.stringify(await tree());
    const endpoints: [string, string][] = [
      ['get', '/service/admin/category/list'],
      ['post', '/service/admin/category'],
      ['put', '/service/admin/category/order'],
      ['put', '/service/admin/category/1'],
      ['put', '/service/admin/category/1/hidden'],
      ['delete', '/service/admin/category/1'],
      ['get', '/service/admin/home-card/list'],
      ['post', '/service/admin/home-card'],
      ['put', '/service/admin/home-card/order'],
      ['put', '/service/admin/home-card/1'],
      ['delete', '/service/admin/home-card/1'],
    ];
    for (const [method, url] of endpoints) {
      const call = () =>
        (service.http as unknown as Record<string, (u: string) => ReturnType<typeof service.http.get>>)[
          method
        ](url);
      const refused = await call().set(buyer.headers).send({ version: 1, nameZh: 'x', nameEn: 'x' });
      expect(refused.status, url).toBe(403);
      expect(refused.body).toMatchObject({ success: false, alterMsg: '无访问权限' });
      expect((await call()).status, url).toBe(401);
    }
    expect(JSON.stringify(await tree())).toBe(before);
  });

  it('creates a top-level category and a sub-category at the end of their siblings, drawn until pictured', async () => {
    const top = await create({ cardName: 'garden-tools', nameZh: '园艺工具', nameEn: 'Garden tools' });
    expect(top.body).toMatchObject({ success: true, alterMsg: '分类已创建' });
    expect(top.body.data).toMatchObject({
      parentId: null,
      cardName: 'garden-tools',
      version: 1,
      picture: null,
    });
    const roots = await tree();
    expect(roots.at(-1)?.id).toBe(top.body.data.id);
    const child = await create({
      cardName: 'seeds',
      nameZh: '种子',
      nameEn: 'Seeds',
      parentId: top.body.data.id,
    });
    expect(child.body.data).toMatchObject({ parentId: top.body.data.id, sort: 1 });
    const shown = (await publicTree('en-GB')).find((node) => node.id === top.body.data.id);
    expect(shown).toMatchObject({ name: 'Garden tools', children: [{ name: 'Seeds' }] });
    expect(shown?.icon).toMatch(/^\/service\/static\/categories\/garden-tools\.svg\?lang=en-GB&v=1$/);
    const drawing = await service.http.get('/service/static/categories/garden-tools.svg?lang=en-GB');
    expect(drawing.status).toBe(200);
    expect(String(drawing.body)).toContain('Garden tools');
  });

  it('refuses a bad slug, a taken slug, a missing name and a grandchild, storing nothing', async () => {
    const count = flat(await tree()).length;
    const bad = await create({ cardName: 'Garden Tools', nameZh: '园艺', nameEn: 'Garden' });
    expect(bad.status).toBe(400);
    expect(bad.body.alterMsg).toBe('分类标识 只能由小写字母、数字和连字符组成，且不能以连字符开头或结尾');
    const badEn = await create({ cardName: '-x', nameZh: '园艺', nameEn: 'Garden' }, 'en-GB');
    expect(badEn.body.alterMsg).toBe(
      'Category slug may hold only lower-case letters, digits and hyphens, not starting or ending with a hyphen',
    );
    const missing = await create({ cardName: 'garden-x', nameZh: '  ', nameEn: 'Garden' });
    expect(missing.body).toMatchObject({ success: false, alterMsg: '请输入内容' });
    const phones = (await tree())[0];
    const taken = await create({ cardName: phones.cardName, nameZh: '重复', nameEn: 'Again' });
    expect(taken.body).toMatchObject({ success: false, alterMsg: `分类标识 ${phones.cardName} 已被使用` });
    const grandchild = await create({
      cardName: 'too-deep',
      nameZh: '太深',
      nameEn: 'Too deep',
      parentId: phones.children[0].id,
    });
    expect(grandchild.body).toMatchObject({ success: false, alterMsg: '上级分类须为一级分类' });
    expect(flat(await tree())).toHaveLength(count);
  });

  it('renames in both languages on the version it was made on and refuses a stale rename', async () => {
    const target = (await tree())[1];
    const renamed = await service.http
      .put(`/service/admin/category/${target.id}`)
      .set(as(admin))
      .send({ version: target.version, nameZh: '数码电脑', nameEn: 'Computers and tablets' });
    expect(renamed.body).toMatchObject({
      success: true,
      data: { nameZh: '数码电脑', version: target.version + 1 },
    });
    const stale = await service.http
      .put(`/service/admin/category/${target.id}`)
      .set(as(admin, 'en-GB'))
      .send({ version: target.version, nameZh: '旧名', nameEn: 'Old name' });
    expect(stale.body).toMatchObject({
      success: false,
      message: 'category.versionConflict',
      alterMsg: 'Someone else changed this category; reload and try again.',
    });
    expect((await publicTree('zh-CN'))[1].name).toBe('数码电脑');
    const english = (await publicTree('en-GB'))[1];
    expect(english.name).toBe('Computers and tablets');
    // the drawing carries the name: its address moves with the version, so no cache keeps the old one
    expect(english.icon).toContain(`v=${target.version + 1}`);
    const gone = await service.http
      .put('/service/admin/category/999999')
      .set(as(admin))
      .send({ version: 1, nameZh: '无', nameEn: 'None' });
    expect(gone.status).toBe(404);
  });

  it('hides a category and its sub-categories from the storefront on the version on view, and shows it again', async () => {
    const top = (await create({ cardName: 'by-mistake', nameZh: '误建分类', nameEn: 'By mistake' })).body
      .data as Category;
    const child = (
      await create({
        cardName: 'by-mistake-too',
        nameZh: '误建子类',
        nameEn: 'Also by mistake',
        parentId: top.id,
      })
    ).body.data as Category;
    expect(top.hidden).toBe(false);
    const publicIds = async () =>
      (await publicTree('zh-CN')).flatMap((node) => [node.id, ...node.children.map((c) => c.id)]);
    expect(await publicIds()).toEqual(expect.arrayContaining([top.id, child.id]));

    const hide = await service.http
      .put(`/service/admin/category/${top.id}/hidden`)
      .set(as(admin))
      .send({ version: top.version, hidden: true });
    expect(hide.body).toMatchObject({
      success: true,
      alterMsg: '分类已隐藏',
      data: { id: top.id, hidden: true, version: top.version + 1 },
    });
    const ids = await publicIds();
    expect(ids).not.toContain(top.id);
    expect(ids).not.toContain(child.id);
    // the back office still lists it, marked hidden, with its sub-category
    expect(await category(top.id)).toMatchObject({ hidden: true, children: [{ id: child.id }] });

    const stale = await service.http
      .put(`/service/admin/category/${top.id}/hidden`)
      .set(as(admin, 'en-GB'))
      .send({ version: top.version, hidden: false });
    expect(stale.body).toMatchObject({ success: false, message: 'category.versionConflict' });
    expect((await category(top.id)).hidden).toBe(true);
    const bad = await service.http
      .put(`/service/admin/category/${top.id}/hidden`)
      .set(as(admin))
      .send({ version: top.version + 1 });
    expect(bad.status).toBe(400);

    const show = await service.http
      .put(`/service/admin/category/${top.id}/hidden`)
      .set(as(admin, 'en-GB'))
      .send({ version: top.version + 1, hidden: false });
    expect(show.body).toMatchObject({ success: true, alterMsg: 'The category is shown again' });
    expect(await publicIds()).toEqual(expect.arrayContaining([top.id, child.id]));
  });

  it('deletes an empty category with its empty sub-categories, and refuses one holding products', async () => {
    const top = (await create({ cardName: 'oops', nameZh: '多余分类', nameEn: 'Oops' })).body
      .data as Category;
    const child = (
      await create({ cardName: 'oops-child', nameZh: '多余子类', nameEn: 'Oops child', parentId: top.id })
    ).body.data as Category;
    const remove = (id: number, version: number, locale = 'zh-CN') =>
      service.http.delete(`/service/admin/category/${id}`).set(as(admin, locale)).send({ version });

    // a category that holds products, directly or through a sub-category, stays
    const held = (await tree()).find(
      (node) => node.productCount === 0 && node.children.some((c) => c.productCount > 0),
    );
    if (!held) throw new Error('no seeded category whose products are in its sub-categories');
    const refused = await remove(held.id, held.version, 'en-GB');
    expect(refused.body).toMatchObject({ success: false, message: 'category.notEmpty' });
    expect(refused.body.alterMsg).toMatch(/^This category or its sub-categories still hold \d+ products/);
    expect(await category(held.id)).toMatchObject({ id: held.id, version: held.version });

    expect((await remove(top.id, top.version + 1)).body).toMatchObject({
      success: false,
      message: 'category.versionConflict',
    });
    const deleted = await remove(top.id, top.version);
    expect(deleted.body).toMatchObject({ success: true, alterMsg: '分类已删除', data: { id: top.id } });
    const left = flat(await tree()).map((node) => node.id);
    expect(left).not.toContain(top.id);
    expect(left).not.toContain(child.id);
    expect((await remove(top.id, top.version)).status).toBe(404);
  });

  it('lets exactly one of two renames made on the same version through', async () => {
    const target = (await tree())[2];
    const results = await Promise.all(
      ['甲', '乙'].map((name) =>
        service.http
          .put(`/service/admin/category/${target.id}`)
          .set(as(admin))
          .send({ version: target.version, nameZh: name, nameEn: name === '甲' ? 'First' : 'Second' }),
      ),
    );
    expect(results.filter((res) => res.body.success)).toHaveLength(1);
    expect(results.filter((res) => res.body.message === 'category.versionConflict')).toHaveLength(1);
    const now = await category(target.id);
    expect(now.version).toBe(target.version + 1);
    expect(['甲', '乙']).toContain(now.nameZh);
  });

  it('orders the siblings of one parent in one go, and refuses an order made for another list', async () => {
    const parent = (await tree())[0];
    const ids = parent.children.map((child) => child.id);
    const reversed = [...ids].reverse();
    const ordered = await service.http
      .put('/service/admin/category/order')
      .set(as(admin))
      .send({ parentId: parent.id, categoryIds: reversed });
    expect(ordered.body.success).toBe(true);
    expect((await category(parent.id)).children.map((child) => child.id)).toEqual(reversed);
    expect((await publicTree('zh-CN'))[0].children.map((child) => child.id)).toEqual(reversed);
    const partial = await service.http
      .put('/service/admin/category/order')
      .set(as(admin))
      .send({ parentId: parent.id, categoryIds: ids.slice(1) });
    expect(partial.body).toMatchObject({ success: false, alterMsg: '分类列表已变化，请刷新后重新排序' });
    const foreign = await service.http
      .put('/service/admin/category/order')
      .set(as(admin))
      .send({ parentId: parent.id, categoryIds: [...ids.slice(1), (await tree())[1].id] });
    expect(foreign.body.success).toBe(false);
    expect((await category(parent.id)).children.map((child) => child.id)).toEqual(reversed);
    const roots = (await tree()).map((node) => node.id);
    const moved = [roots[1], roots[0], ...roots.slice(2)];
    await service.http
      .put('/service/admin/category/order')
      .set(as(admin))
      .send({ parentId: null, categoryIds: moved });
    expect((await publicTree('zh-CN')).map((node) => node.id)).toEqual(moved);
  });

  it('shows an uploaded picture instead of the drawing, refuses what is not a stored picture, and goes back', async () => {
    const target = (await tree())[3];
    const name = await upload(png({ width: 4, height: 4, pixels: Buffer.alloc(4 * 17) }), 'icon.png');
    const set = await service.http
      .put(`/service/admin/category/${target.id}`)
      .set(as(admin))
      .send({ version: target.version, nameZh: target.nameZh, nameEn: target.nameEn, picture: name });
    expect(set.body).toMatchObject({
      success: true,
      data: { picture: `/service/file/down?fullfilename=${name}` },
    });
    expect((await publicTree('zh-CN'))[3].icon).toBe(`/service/file/down?fullfilename=${name}`);

    const sheet = `${'a'.repeat(32)}.xlsx`;
    await fs.mkdir(service.ctx.config.uploadDir, { recursive: true });
    await fs.writeFile(path.join(service.ctx.config.uploadDir, sheet), 'PK');
    await service.ctx.db
      .insertInto('files')
      .values({
        fullfilename: sheet,
        original_name: 'book.xlsx',
        mime: 'application/vnd.ms-excel',
        size: 2,
        user_id: admin.userId,
        created_at: new Date().toISOString(),
      })
      .execute();
    const version = set.body.data.version;
    for (const bad of [sheet, `${'b'.repeat(32)}.png`, '../etc/passwd']) {
      const refused = await service.http
        .put(`/service/admin/category/${target.id}`)
        .set(as(admin))
        .send({ version, nameZh: target.nameZh, nameEn: target.nameEn, picture: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.alterMsg).toBe('请选择已上传的图片（jpeg、png、gif 或 webp）');
    }
    const stale = await service.http
      .put(`/service/admin/category/${target.id}`)
      .set(as(admin))
      .send({ version: target.version, nameZh: target.nameZh, nameEn: target.nameEn, picture: null });
    expect(stale.body.message).toBe('category.versionConflict');
    const back = await service.http
      .put(`/service/admin/category/${target.id}`)
      .set(as(admin))
      .send({ version, nameZh: target.nameZh, nameEn: target.nameEn, picture: null });
    expect(back.body.data.picture).toBeNull();
    expect((await publicTree('zh-CN'))[3].icon).toMatch(
      /^\/service\/static\/categories\/.+\.svg\?lang=zh-CN&v=\d+$/,
    );
  });

  it('edits a home card in both languages, its link, kind and switch, and refuses a stale edit', async () => {
    const { cards: list, kinds } = await cards();
    expect(kinds.map((kind) => kind.code)).toEqual(['banner', 'promotion', 'service']);
    const card = list[0];
    const saved = await service.http
      .put(`/service/admin/home-card/${card.id}`)
      .set(as(admin))
      .send(
        cardBody(card, {
          titleZh: '冬季特卖',
          titleEn: 'Winter sale',
          subtitleZh: '全场五折',
          subtitleEn: 'Half price',
          link: '/goods/hot',
          kind: 'promotion',
        }),
      );
    expect(saved.body).toMatchObject({
      success: true,
      alterMsg: '首页卡片已保存',
      data: { version: card.version + 1 },
    });
    const shown = async (locale: string) =>
      (await service.http.get('/service/shop/card/list').set('Accept-Language', locale)).body.data.cards as {
        id: number;
        title: string;
        subtitle: string;
        kind: string;
        link: string;
        image: string;
      }[];
    expect((await shown('zh-CN')).find((c) => c.id === card.id)).toMatchObject({
      title: '冬季特卖',
      subtitle: '全场五折',
      kind: 'promotion',
      link: '/goods/hot',
    });
    const english = (await shown('en-GB')).find((c) => c.id === card.id)!;
    expect(english).toMatchObject({ title: 'Winter sale', subtitle: 'Half price' });
    expect(english.image).toContain(`v=${card.version + 1}`);
    const drawing = await service.http.get(english.image);
    expect(String(drawing.body)).toContain('Winter sale');

    const stale = await service.http
      .put(`/service/admin/home-card/${card.id}`)
      .set(as(admin, 'en-GB'))
      .send(cardBody(card, { titleZh: '旧', titleEn: 'Old' }));
    expect(stale.body).toMatchObject({
      success: false,
      message: 'homeCard.versionConflict',
      alterMsg: 'Someone else changed this home card; reload and try again.',
    });
    const current = saved.body.data as Card;
    const off = await service.http
      .put(`/service/admin/home-card/${card.id}`)
      .set(as(admin))
      .send(cardBody(current, { enabled: false }));
    expect(off.body.data.enabled).toBe(false);
    expect((await shown('zh-CN')).some((c) => c.id === card.id)).toBe(false);
    expect((await cards()).cards.some((c) => c.id === card.id)).toBe(true);
  });

  it('accepts a shop path or an http(s) address as a link and refuses anything else', async () => {
    let card = (await cards()).cards[1];
    for (const link of ['', '/category/detail/phones', 'https://example.com/sale?a=1']) {
      const res = await service.http
        .put(`/service/admin/home-card/${card.id}`)
        .set(as(admin))
        .send(cardBody(card, { link }));
      expect(res.body.success, link).toBe(true);
      card = res.body.data;
    }
    for (const link of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'goods/hot',
      'ftp://x.example',
      '/%0d%0aSet-Cookie:x',
    ]) {
      const res = await service.http
        .put(`/service/admin/home-card/${card.id}`)
        .set(as(admin))
        .send(cardBody(card, { link }));
      expect(res.status, link).toBe(400);
      expect(res.body.alterMsg).toBe('链接 须为本站路径（以 / 开头）或 http(s) 网址');
    }
    const unknownKind = await service.http
      .put(`/service/admin/home-card/${card.id}`)
      .set(as(admin))
      .send(cardBody(card, { kind: 'popup' }));
    expect(unknownKind.body).toMatchObject({ success: false, alterMsg: '卡片类型不存在' });
    expect((await cards()).cards[1]).toMatchObject({
      version: card.version,
      link: card.link,
      kind: card.kind,
    });
  });

  it('creates a card with its own drawing or an uploaded picture, orders the cards and removes one', async () => {
    const created = await service.http.post('/service/admin/home-card').set(as(admin)).send({
      kind: 'banner',
      titleZh: '开学季',
      titleEn: 'Back to school',
      subtitleZh: '',
      subtitleEn: '',
      link: '/goods/new',
      enabled: true,
    });
    expect(created.body).toMatchObject({ success: true, data: { version: 1, picture: null } });
    const id = created.body.data.id as number;
    const drawing = await service.http.get(created.body.data.image);
    expect(drawing.status).toBe(200);
    expect(String(drawing.body)).toContain('开学季');

    const name = await upload(png(), 'banner.png');
    const pictured = await service.http
      .put(`/service/admin/home-card/${id}`)
      .set(as(admin))
      .send(cardBody(created.body.data, { picture: name }));
    expect(pictured.body.data.image).toBe(`/service/file/down?fullfilename=${name}`);

    const ids = (await cards()).cards.map((card) => card.id);
    expect(ids.at(-1)).toBe(id);
    const moved = [id, ...ids.filter((other) => other !== id)];
    const ordered = await service.http
      .put('/service/admin/home-card/order')
      .set(as(admin))
      .send({ cardIds: moved });
    expect(ordered.body.data.cards.map((card: Card) => card.id)).toEqual(moved);
    const stale = await service.http
      .put('/service/admin/home-card/order')
      .set(as(admin))
      .send({ cardIds: ids.slice(1) });
    expect(stale.body).toMatchObject({ success: false, alterMsg: '卡片列表已变化，请刷新后重新排序' });

    const staleRemove = await service.http
      .delete(`/service/admin/home-card/${id}`)
      .set(as(admin))
      .send({ version: 1 });
    expect(staleRemove.body.message).toBe('homeCard.versionConflict');
    const removed = await service.http
      .delete(`/service/admin/home-card/${id}`)
      .set(as(admin))
      .send({ version: pictured.body.data.version });
    expect(removed.body.success).toBe(true);
    expect((await cards()).cards.some((card) => card.id === id)).toBe(false);
  });
});
