import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReference } from '../../service/src/modules/reference/seed.ts';
import { rowCount, startTestService, type TestService } from './harness.ts';

/** Collects a non-JSON answer as text (supertest leaves image bodies unparsed). */
const asText = (res: unknown, done: (error: Error | null, body: string) => void) => {
  const stream = res as NodeJS.ReadableStream;
  let body = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    body += chunk;
  });
  stream.on('end', () => done(null, body));
};

const EN = { 'Accept-Language': 'en-GB,en;q=0.9' };

describe('reference data', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ PAYMENT_TTL: '10m', UPLOAD_MAX_BYTES: '2097152' });
  });
  afterAll(() => service.close());

  describe('GET /option/drop/area', () => {
    it('lists all 34 provincial-level divisions with their prefecture-level cities', async () => {
      const res = await service.http.get('/service/option/drop/area');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'ok', alterMsg: null, type: 1 });
      const provinces = res.body.data as Array<{
        value: string;
        label: string;
        children: Array<{ value: string; label: string }>;
      }>;
      expect(provinces).toHaveLength(34);
      const cities = provinces.flatMap((p) => p.children);
      expect(cities.length).toBeGreaterThanOrEqual(300);
      const codes = [...provinces.map((p) => p.value), ...cities.map((c) => c.value)];
      expect(new Set(codes).size).toBe(codes.length);
      for (const province of provinces) {
        expect(province.value).toMatch(/^\d{2}0000$/);
        expect(province.children.length, province.label).toBeGreaterThan(0);
        for (const city of province.children) {
          expect(city.value).toMatch(/^\d{6}$/);
          expect(city.value.slice(0, 2), city.label).toBe(province.value.slice(0, 2));
          expect(Object.keys(city).sort()).toEqual(['label', 'value']);
        }
      }
      const byCode = new Map(provinces.map((p) => [p.value, p]));
      expect(byCode.get('110000')).toEqual({
        value: '110000',
        label: '北京市',
        children: [{ value: '110100', label: '北京市' }],
      });
      const guangdong = byCode.get('440000')!;
      expect(guangdong.label).toBe('广东省');
      expect(guangdong.children).toContainEqual({ value: '440100', label: '广州市' });
      expect(guangdong.children).toContainEqual({ value: '440300', label: '深圳市' });
      expect(guangdong.children).toHaveLength(21);
      expect(byCode.get('320000')!.children).toContainEqual({ value: '320500', label: '苏州市' });
      expect(byCode.get('650000')!.children).toContainEqual({ value: '650100', label: '乌鲁木齐市' });
      for (const code of ['710000', '810000', '820000', '500000', '540000'])
        expect(byCode.has(code)).toBe(true);
    });

    it('answers in English (pinyin) for en-GB', async () => {
      const res = await service.http.get('/service/option/drop/area').set(EN);
      const guangdong = res.body.data.find((p: { value: string }) => p.value === '440000');
      expect(guangdong.label).toBe('Guangdong');
      expect(guangdong.children[0]).toEqual({ value: '440100', label: 'Guangzhou' });
      expect(JSON.stringify(res.body.data)).not.toMatch(/[\u4e00-\u9fff]/);
    });

    it('is public and cacheable per language', async () => {
      const res = await service.http.get('/service/option/drop/area');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.vary).toMatch(/Accept-Language/i);
    });
  });

  describe('GET /option/dict/:key', () => {
    const keys = [
      'incomeSource',
      'incomeType',
      'expensesType',
      'expensesProject',
      'transferStatus',
      'reviewStatus',
      'moneyDirection',
      'orderStatus',
      'paymentStatus',
      'paymentMethod',
    ];

    it.each(keys)('answers %s as [{value, label}] in both languages', async (key) => {
      const zh = await service.http.get(`/service/option/dict/${key}`);
      const en = await service.http.get(`/service/option/dict/${key}`).set(EN);
      expect(zh.status).toBe(200);
      expect(zh.body.success).toBe(true);
      expect(zh.body.data.length).toBeGreaterThan(1);
      for (const option of zh.body.data) {
        expect(Object.keys(option).sort()).toEqual(['label', 'value']);
        expect(typeof option.value).toBe('string');
        expect(option.label).toBeTruthy();
      }
      expect(en.body.data.map((o: { value: string }) => o.value)).toEqual(
        zh.body.data.map((o: { value: string }) => o.value),
      );
      expect(JSON.stringify(en.body.data)).not.toMatch(/[\u4e00-\u9fff]/);
    });

    const values = async (key: string, headers: Record<string, string> = {}) =>
      (await service.http.get(`/service/option/dict/${key}`).set(headers)).body.data;

    it('has the documented labels for statuses and directions', async () => {
      expect(await values('reviewStatus')).toEqual([
        { value: '1', label: '待审核' },
        { value: '2', label: '已通过' },
        { value: '3', label: '已拒绝' },
      ]);
      expect(await values('moneyDirection')).toEqual([
        { value: '0', label: '支出' },
        { value: '1', label: '收入' },
      ]);
      expect((await values('orderStatus')).map((o: { value: string }) => o.value)).toEqual([
        '0',
        '1',
        '2',
        '3',
        '4',
      ]);
      expect((await values('paymentStatus')).map((o: { value: string }) => o.value)).toEqual([
        '0',
        '1',
        '2',
        '3',
      ]);
      expect((await values('paymentMethod')).map((o: { value: string }) => o.value)).toEqual([
        'lpay',
        'stripe',
        'wkpay',
      ]);
      expect(await values('moneyDirection', EN)).toEqual([
        { value: '0', label: 'Expense' },
        { value: '1', label: 'Income' },
      ]);
    });

    it('has the ledger types written by orders: refund income and order-payment expense', async () => {
      expect(await values('incomeType')).toContainEqual({ value: 'refund', label: '退款收入' });
      expect(await values('expensesType')).toContainEqual({ value: 'order-payment', label: '订单支付' });
      expect(await values('incomeType', EN)).toContainEqual({ value: 'refund', label: 'Refund income' });
    });

    it('puts an empty 全部类型 option first for filter lists', async () => {
      const res = await service.http.get('/service/option/dict/reviewStatus?withAll=true');
      expect(res.body.data[0]).toEqual({ value: '', label: '全部类型' });
      expect(res.body.data).toHaveLength(4);
      const en = await service.http.get('/service/option/dict/reviewStatus?withAll=1').set(EN);
      expect(en.body.data[0]).toEqual({ value: '', label: 'All types' });
    });

    it.each(['noSuchKey', 'incometype', '..%2F..%2Fetc', `x${'a'.repeat(300)}`])(
      'answers an unknown key (%s) with a 404 envelope',
      async (key) => {
        const res = await service.http.get(`/service/option/dict/${key}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({
          success: false,
          data: null,
          message: 'reference.dictNotFound',
          type: 2,
        });
        expect(res.body.alterMsg).toMatch(/^字典不存在：/);
      },
    );
  });

  describe('GET /shop/system/config', () => {
    it('answers the shop config with the payment TTL from the service config', async () => {
      const res = await service.http.get('/service/shop/system/config');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        shopName: '乐购商城',
        siteTitle: '乐购商城',
        currency: 'CNY',
        currencySymbol: '¥',
        paymentMethods: [
          { code: 'lpay', enabled: true },
          { code: 'stripe', enabled: false },
          { code: 'wkpay', enabled: false },
        ],
        defaultPageSize: 15,
        maxPageSize: 999,
        paymentTtlSeconds: 600,
        uploadMaxBytes: 2097152,
        timeZone: 'Asia/Shanghai',
        requestTimeoutMs: 20000,
        uploadTimeoutMs: 50000,
        toastMs: 3000,
        loadingDelayMs: 500,
        sideButtonThreshold: 300,
        themeColor: '#ff4d50',
        headerHeight: 56,
        sidebarWidth: 210,
        weekStartsOn: 1,
        acceptedFiles: { images: ['jpeg', 'jpg', 'png', 'gif', 'webp'], excel: ['xlsx', 'xls'] },
      });
    });

    it('names the shop in English for en-GB', async () => {
      const res = await service.http.get('/service/shop/system/config').set(EN);
      expect(res.body.data.shopName).toBe('LeGou Shop');
      expect(res.body.data.siteTitle).toBe('LeGou Shop');
    });

    it('reads what is stored: an operator change shows up', async () => {
      await service.ctx.db
        .updateTable('system_config')
        .set({ value: JSON.stringify(20) })
        .where('key', '=', 'config.defaultPageSize')
        .execute();
      try {
        const res = await service.http.get('/service/shop/system/config');
        expect(res.body.data.defaultPageSize).toBe(20);
      } finally {
        await service.ctx.db
          .updateTable('system_config')
          .set({ value: JSON.stringify(15) })
          .where('key', '=', 'config.defaultPageSize')
          .execute();
      }
    });
  });

  it('GET /shop/system/settings answers the settings and the customer-service handle', async () => {
    const res = await service.http.get('/service/shop/system/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      showSettings: false,
      fixedHeader: true,
      sidebarLogo: true,
      customerService: 'legou-service',
    });
  });

  it('GET /shop/system/settings follows the stored layout settings, each both ways', async () => {
    const stored = async (name: string, value: boolean) =>
      service.ctx.db
        .updateTable('system_config')
        .set({ value: JSON.stringify(value) })
        .where('key', '=', `settings.${name}`)
        .execute();
    const seeded = { showSettings: false, fixedHeader: true, sidebarLogo: true };
    try {
      for (const [name, value] of Object.entries(seeded)) {
        await stored(name, !value);
        const flipped = await service.http.get('/service/shop/system/settings');
        expect(flipped.body.data[name], name).toBe(!value);
        await stored(name, value);
        const back = await service.http.get('/service/shop/system/settings');
        expect(back.body.data[name], name).toBe(value);
      }
    } finally {
      for (const [name, value] of Object.entries(seeded)) await stored(name, value);
    }
  });

  describe('GET /shop/notice/list', () => {
    it('lists notices newest first in the caller language', async () => {
      const res = await service.http.get('/service/shop/notice/list');
      expect(res.status).toBe(200);
      const notices = res.body.data as Array<{
        id: number;
        title: string;
        content: string;
        publishedAt: string;
      }>;
      expect(notices.length).toBeGreaterThanOrEqual(3);
      const dates = notices.map((n) => n.publishedAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(notices.at(-1)!.title).toBe('乐购商城正式上线');
      const en = await service.http.get('/service/shop/notice/list').set(EN);
      expect(en.body.data.at(-1).title).toBe('LeGou Shop is open');
      expect(en.body.data.map((n: { id: number }) => n.id)).toEqual(notices.map((n) => n.id));
    });

    it('shows a notice dated in the future only once its time has come', async () => {
      const at = new Date(service.ctx.now().getTime() + 3_600_000).toISOString();
      await service.ctx.db
        .insertInto('notices')
        .values({
          title: '系统维护',
          title_en: 'Maintenance',
          content: '今晚维护',
          content_en: 'Tonight',
          published_at: at,
        })
        .execute();
      const before = await service.http.get('/service/shop/notice/list');
      expect(before.body.data.map((n: { title: string }) => n.title)).not.toContain('系统维护');
      service.clock.advance(3_600_001);
      const after = await service.http.get('/service/shop/notice/list');
      expect(after.body.data[0].title).toBe('系统维护');
    });
  });

  describe('GET /shop/card/list', () => {
    it('lists home cards and card kinds with local images', async () => {
      const res = await service.http.get('/service/shop/card/list');
      expect(res.status).toBe(200);
      const { cards, kinds } = res.body.data;
      expect(kinds.map((k: { code: string }) => k.code)).toEqual(['banner', 'promotion', 'service']);
      expect(kinds[0]).toEqual({ code: 'banner', name: '轮播图' });
      expect(cards.length).toBeGreaterThanOrEqual(6);
      const kindCodes = new Set(kinds.map((k: { code: string }) => k.code));
      for (const card of cards) {
        expect(Object.keys(card).sort()).toEqual(['id', 'image', 'kind', 'link', 'subtitle', 'title']);
        expect(kindCodes.has(card.kind)).toBe(true);
        expect(card.image).toMatch(/^\/service\/shop\/card\/image\/[a-z0-9-]+\.svg\?lang=zh-CN&v=1$/);
      }
      const en = await service.http.get('/service/shop/card/list').set(EN);
      expect(en.body.data.kinds[0]).toEqual({ code: 'banner', name: 'Banner' });
      expect(en.body.data.cards[0].title).toBe('New arrivals');
      expect(en.body.data.cards[0].image).toMatch(/\.svg\?lang=en-GB&v=1$/);
    });

    it("draws a card image in the list's language, whatever the browser's Accept-Language", async () => {
      const [zh, en] = await Promise.all([
        service.http.get('/service/shop/card/list'),
        service.http.get('/service/shop/card/list').set(EN),
      ]);
      const zhImage = await service.http.get(zh.body.data.cards[0].image).set(EN).buffer(true).parse(asText);
      expect(zhImage.body).toContain(zh.body.data.cards[0].title);
      expect(zhImage.body).not.toContain(en.body.data.cards[0].title);
      const enImage = await service.http.get(en.body.data.cards[0].image).buffer(true).parse(asText);
      expect(enImage.body).toContain(en.body.data.cards[0].title);
    });

    it('serves each card image as a generated SVG', async () => {
      const list = await service.http.get('/service/shop/card/list');
      for (const card of list.body.data.cards) {
        const res = await service.http.get(card.image).buffer(true).parse(asText);
        expect(res.status, card.image).toBe(200);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(res.body).toContain('<svg');
        expect(res.body).toContain(card.title);
      }
    });

    it.each(['nope.svg', 'banner-new-season.png', '..%2Fsecret.svg'])(
      'answers an unknown card image (%s) with a 404 envelope',
      async (file) => {
        const res = await service.http.get(`/service/shop/card/image/${file}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, message: 'reference.cardImageNotFound' });
      },
    );
  });

  it('seeding again changes nothing', async () => {
    const tables = ['areas', 'dict_items', 'system_config', 'notices', 'card_kinds', 'cards'] as const;
    const count = (table: (typeof tables)[number]) => rowCount(service, table);
    const before = await Promise.all(tables.map(count));
    await seedReference(service.ctx);
    await seedReference(service.ctx);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(before[0]).toBeGreaterThan(334);
  });
});
