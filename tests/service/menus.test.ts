import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccounts } from '../../service/src/modules/accounts/seed.ts';
import { bearer, login, newShopper, rowCount, startTestService, type TestService } from './harness.ts';

const RESOURCE = '/service/account/resource';

interface Item {
  name: string;
  routerName: string;
  routerPath: string;
  type: number;
  isHidden: boolean;
  children: Item[];
}

const paths = (items: Item[]): string[] =>
  items.flatMap((item) => [item.routerPath, ...paths(item.children)]);

describe('GET /account/resource', () => {
  let service: TestService;
  const SHOPPER_BUTTONS = ['order:pay', 'order:cancel', 'order:receive', 'order:refund', 'order:after-sales'];

  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(() => service.close());

  it('gives a shopper the personal-centre menu and the order-action buttons', async () => {
    const shopper = await newShopper(service);
    const res = await service.http.get(RESOURCE).set(bearer(shopper));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { menus, buttons } = res.body.data;
    expect(buttons).toEqual(SHOPPER_BUTTONS);
    expect(menus).toHaveLength(1);
    expect(menus[0]).toEqual({
      id: expect.any(Number),
      name: '个人中心',
      routerName: 'UserCenter',
      routerPath: '/user/center',
      redirect: '/user/center/info',
      isEnabled: true,
      isHidden: false,
      isAlwaysShow: true,
      highlightMenu: null,
      type: 1,
      children: expect.any(Array),
    });
    expect(menus[0].children.map((c: Item) => [c.name, c.routerPath, c.type])).toEqual([
      ['我的信息', '/user/center/info', 2],
      ['我的订单', '/user/center/orders', 2],
      ['我的地址', '/user/center/address', 2],
      ['修改密码', '/user/center/password', 2],
      ['我的账单', '/user/center/bill', 2],
    ]);
    expect(paths(menus).some((p) => p.startsWith('/admin'))).toBe(false);
  });

  it('gives the admin the back office and its buttons as well', async () => {
    const admin = await login(service, 'admin', 'admin123');
    const res = await service.http.get(RESOURCE).set(bearer(admin));
    const { menus, buttons } = res.body.data;
    expect(menus.map((m: Item) => m.routerPath)).toEqual(['/user/center', '/admin']);
    const office = menus[1];
    expect(office).toMatchObject({ name: '后台管理', type: 1, redirect: '/admin/orders' });
    expect(office.children.map((c: Item) => [c.name, c.routerPath, c.isHidden])).toEqual([
      ['待发货订单', '/admin/orders', false],
      ['退款审核', '/admin/refunds', false],
      // the order detail is routed (hidden from the menu) and keeps 待发货订单 highlighted
      ['订单详情', '/admin/orders/:orderId', true],
      ['商品管理', '/admin/products', false],
      ['编辑商品', '/admin/products/:productId', true],
      ['分类管理', '/admin/categories', false],
      ['首页卡片', '/admin/home-cards', false],
      ['批量导入', '/admin/import', false],
    ]);
    expect(office.children[2]).toMatchObject({ highlightMenu: '/admin/orders', type: 2 });
    expect(office.children[4]).toMatchObject({ highlightMenu: '/admin/products', type: 2 });
    // Buttons are permissions, not menu entries.
    expect(office.children.every((c: Item) => c.children.length === 0)).toBe(true);
    expect(buttons).toEqual([
      ...SHOPPER_BUTTONS,
      'order:view',
      'order:ship',
      'order:export',
      'refund:view',
      'refund:review',
      'product:view',
      'product:edit',
      'stock:adjust',
      'product:export',
      'category:edit',
      'home:edit',
      'product:import',
    ]);
  });

  it('translates names for en-GB callers', async () => {
    const admin = await login(service, 'admin', 'admin123');
    const res = await service.http.get(RESOURCE).set(bearer(admin)).set('Accept-Language', 'en-GB');
    const [centre, office] = res.body.data.menus;
    expect(centre.name).toBe('Personal Center');
    expect(centre.children.map((c: Item) => c.name)).toEqual([
      'My Information',
      'My order',
      'My address',
      'Modify password',
      'My bill',
    ]);
    expect(office.children.map((c: Item) => c.name)).toEqual([
      'Orders to ship',
      'Refund review',
      'Order details',
      'Products',
      'Edit product',
      'Categories',
      'Home cards',
      'Import',
    ]);
  });

  it('drops disabled rows with everything under them', async () => {
    const admin = await login(service, 'admin', 'admin123');
    const setEnabled = (routerName: string, value: 0 | 1) =>
      service.ctx.db
        .updateTable('menus')
        .set({ is_enabled: value })
        .where('router_name', '=', routerName)
        .execute();
    await setEnabled('UserCenterOrders', 0);
    await setEnabled('AdminOrders', 0);
    await setEnabled('AdminRefundsView', 0);
    try {
      const res = await service.http.get(RESOURCE).set(bearer(admin));
      const { menus, buttons } = res.body.data;
      expect(paths(menus)).not.toContain('/user/center/orders');
      expect(paths(menus)).not.toContain('/admin/orders');
      expect(paths(menus)).toContain('/admin/refunds');
      // The orders menu took its action buttons with it.
      const orderAndRefund = buttons.filter((code: string) => /^(order|refund):/.test(code));
      expect(orderAndRefund).toEqual(['refund:review']);
    } finally {
      await setEnabled('UserCenterOrders', 1);
      await setEnabled('AdminOrders', 1);
      await setEnabled('AdminRefundsView', 1);
    }
  });

  it('keeps hidden rows, flagged as hidden', async () => {
    const shopper = await newShopper(service);
    await service.ctx.db
      .updateTable('menus')
      .set({ is_hidden: 1 })
      .where('router_name', '=', 'UserCenterPassword')
      .execute();
    try {
      const res = await service.http.get(RESOURCE).set(bearer(shopper));
      const password = res.body.data.menus[0].children.find(
        (c: Item) => c.routerName === 'UserCenterPassword',
      );
      expect(password).toMatchObject({ isHidden: true, isEnabled: true });
    } finally {
      await service.ctx.db
        .updateTable('menus')
        .set({ is_hidden: 0 })
        .where('router_name', '=', 'UserCenterPassword')
        .execute();
    }
  });

  it('needs a token', async () => {
    expect((await service.http.get(RESOURCE)).status).toBe(401);
  });

  it('seeds idempotently', async () => {
    const count = (table: 'menus' | 'users') => rowCount(service, table);
    const before = { menus: await count('menus'), users: await count('users') };
    await seedAccounts(service.ctx);
    await seedAccounts(service.ctx);
    expect({ menus: await count('menus'), users: await count('users') }).toEqual(before);
    const demo = await service.ctx.db
      .selectFrom('users')
      .select(['phone', 'name', 'default_password'])
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(demo).toEqual({ phone: '13800000000', name: '演示用户', default_password: 0 });
    const admin = await service.ctx.db
      .selectFrom('users')
      .select(['phone', 'default_password'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin).toEqual({ phone: '13900000000', default_password: 1 });
  });
});
