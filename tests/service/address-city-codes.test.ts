import { randomUUID } from 'node:crypto';
import type { RestAddress } from '@shop/common/rest/index.ts';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../service/src/db/migrate.ts';
import type { Database } from '../../service/src/db/types.ts';
import { orderViews } from '../../service/src/modules/orders/views.ts';
import type { TestService } from './harness.ts';
import { addProduct, startShop } from './orders-fixture.ts';
import { withDatabase } from './scratch-database.ts';
import { createSession, type TestSession } from './session-fixture.ts';

const at = '2024-01-02T03:00:00.000Z';

describe('an address keeps the city code, read in each reader’s language', () => {
  let service: TestService;
  let admin: TestSession;
  beforeAll(async () => {
    const shop = await startShop();
    service = shop.service;
    admin = shop.admin;
  });
  afterAll(() => service.close());

  const save = (session: TestSession, body: object, locale: string, id?: number) =>
    service.http[id ? 'put' : 'post'](`/service/shop/address${id ? `/${id}` : ''}`)
      .set(session.headers)
      .set('Accept-Language', locale)
      .send(body);
  const list = async (session: TestSession, locale: string) =>
    (await service.http.get('/service/shop/address/list').set(session.headers).set('Accept-Language', locale))
      .body.data as RestAddress[];

  it('saved on the English site, reads in Chinese in the address book, on the order and in the back office', async () => {
    const buyer = await createSession(service);
    const saved = await save(
      buyer,
      {
        recipient: 'Li Lei',
        phone: '13800000011',
        city: 'Guangdong Guangzhou',
        cityCode: '440100',
        detail: '1 Tianhe Rd',
      },
      'en-GB',
    );
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.data).toMatchObject({
      city: 'Guangdong Guangzhou',
      cityCode: '440100',
      provinceCode: '440000',
    });
    expect((await list(buyer, 'zh-CN'))[0]).toMatchObject({ city: '广东省 广州市', cityCode: '440100' });

    const preview = await service.http
      .post('/service/shop/order/preview')
      .set(buyer.headers)
      .set('Accept-Language', 'zh-CN')
      .send({ productId: await addProduct(service), quantity: 1 });
    expect(preview.body.data.defaultAddress).toMatchObject({ city: '广东省 广州市', provinceCode: '440000' });

    const placed = await service.http
      .post('/service/shop/order')
      .set(buyer.headers)
      .set('Accept-Language', 'en-GB')
      .send({
        productId: await addProduct(service),
        quantity: 1,
        addressId: saved.body.data.id,
        paymentMethod: 'lpay',
        requestId: randomUUID(),
      });
    expect(placed.body.success, JSON.stringify(placed.body)).toBe(true);
    const orderId = placed.body.data.id;
    const mine = await service.http
      .get(`/service/shop/order/${orderId}`)
      .set(buyer.headers)
      .set('Accept-Language', 'zh-CN');
    expect(mine.body.data.address).toMatchObject({
      city: '广东省 广州市',
      cityCode: '440100',
      provinceCode: '440000',
    });
    const office = (locale: string) =>
      service.http.get(`/service/admin/order/${orderId}`).set(admin.headers).set('Accept-Language', locale);
    expect((await office('zh-CN')).body.data.order.address.city).toBe('广东省 广州市');
    expect((await office('en-GB')).body.data.order.address.city).toBe('Guangdong Guangzhou');

    // The order keeps the names it was placed with: a renamed area changes the address book only.
    await service.ctx.db
      .updateTable('areas')
      .set({ name: '广州新市' })
      .where('code', '=', '440100')
      .execute();
    try {
      expect((await office('zh-CN')).body.data.order.address.city).toBe('广东省 广州市');
      expect((await list(buyer, 'zh-CN'))[0].city).toBe('广东省 广州新市');
    } finally {
      await service.ctx.db
        .updateTable('areas')
        .set({ name: '广州市' })
        .where('code', '=', '440100')
        .execute();
    }
  });

  it('a city text that names a listed city gets its code; other text stays as written; an unknown code is refused', async () => {
    const buyer = await createSession(service);
    const base = { recipient: '张三', phone: '13800000012', detail: '1 号' };
    const named = await save(buyer, { ...base, city: 'Beijing' }, 'en-GB');
    expect(named.body.data).toMatchObject({ city: 'Beijing', cityCode: '110100', provinceCode: '110000' });
    const other = await save(buyer, { ...base, city: '火星 奥林匹斯山' }, 'en-GB');
    expect(other.body.data).toMatchObject({ city: '火星 奥林匹斯山', cityCode: null, provinceCode: null });
    const unknown = await save(buyer, { ...base, city: 'Somewhere', cityCode: '990100' }, 'en-GB');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      success: false,
      data: { fields: { cityCode: expect.any(String) } },
    });
    expect(unknown.body.alterMsg).toBe('City is not valid');
    const edited = await save(buyer, { ...base, city: '', cityCode: '310100' }, 'zh-CN', other.body.data.id);
    expect(edited.status).toBe(400); // the city shown stays required
    const moved = await save(buyer, { ...base, city: 'x', cityCode: '310100' }, 'zh-CN', other.body.data.id);
    expect(moved.body.data).toMatchObject({ city: '上海市', cityCode: '310100' });
    expect((await list(buyer, 'zh-CN')).map((a) => a.city)).toEqual(['北京市', '上海市']);
  });
});

describe('migration 017_address_city_codes', () => {
  it('maps cities written as a listed name in either language to their code and keeps other text', async () => {
    await withDatabase(async (database) => {
      const db = database.db as unknown as Kysely<Database>;
      await migrateToLatest(database.db as never, database.dialect, '016_order_shipment');
      // Written as the tables were before 017 (raw SQL: the typed tables have its columns).
      await sql`INSERT INTO users (username, phone, password_hash, created_at, updated_at)
        VALUES ('old', '13900000000', 'x', ${at}, ${at})`.execute(db);
      const user = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const cities = ['Guangdong Guangzhou', '广东省 深圳市', 'Beijing', '火星 奥林匹斯山'];
      for (const [index, city] of cities.entries()) {
        await sql`INSERT INTO addresses (user_id, recipient, phone, city, detail, is_default, created_at, updated_at)
          VALUES (${user.id}, '张三', '13900000000', ${city}, '1 号', ${index === 0 ? 1 : 0}, ${at}, ${at})`.execute(
          db,
        );
        await sql`INSERT INTO orders (order_no, user_id, status, payment_status, payment_method, request_id,
            total_quantity, product_amount, payable_amount, paid_amount, recipient, phone, city,
            address_detail, payment_deadline, created_at, updated_at)
          VALUES (${`SO-OLD-${index}`}, ${user.id}, 0, 0, 'lpay', ${`r${index}`}, 1, 1000, 1000, 0, '张三',
            '13900000000', ${city}, '1 号', ${at}, ${at}, ${at})`.execute(db);
      }

      await migrateToLatest(database.db as never, database.dialect);
      const addresses = await db
        .selectFrom('addresses')
        .select(['city', 'city_code'])
        .orderBy('id')
        .execute();
      expect(addresses).toEqual([
        { city: '广东省 广州市', city_code: '440100' },
        { city: '广东省 深圳市', city_code: '440300' },
        { city: '北京市', city_code: '110100' },
        { city: '火星 奥林匹斯山', city_code: null },
      ]);
      const orders = await db.selectFrom('orders').selectAll().orderBy('id').execute();
      expect(orders.map((o) => [o.city, o.city_en, o.city_code])).toEqual([
        ['广东省 广州市', 'Guangdong Guangzhou', '440100'],
        ['广东省 深圳市', 'Guangdong Shenzhen', '440300'],
        ['北京市', 'Beijing', '110100'],
        ['火星 奥林匹斯山', null, null],
      ]);
      const zh = await orderViews(db, orders, 'zh-CN', new Date(at));
      const en = await orderViews(db, orders, 'en-GB', new Date(at));
      expect(zh.map((o) => o.address.city)).toEqual([
        '广东省 广州市',
        '广东省 深圳市',
        '北京市',
        '火星 奥林匹斯山',
      ]);
      expect(en.map((o) => o.address.city)).toEqual([
        'Guangdong Guangzhou',
        'Guangdong Shenzhen',
        'Beijing',
        '火星 奥林匹斯山',
      ]);
    });
  });
});
