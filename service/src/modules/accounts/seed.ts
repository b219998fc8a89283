import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';
import { hashPassword } from './passwords.ts';
import { MENU_BUTTON, MENU_MAIN, MENU_SUB } from './resource.ts';

interface SeedMenu {
  name: string;
  nameEn: string;
  routerName: string;
  routerPath: string;
  redirect?: string;
  type: number;
  audience: 'shopper' | 'admin';
  permission?: string;
  isAlwaysShow?: boolean;
  /** Routed but not listed in the menu (e.g. a detail page). */
  isHidden?: boolean;
  highlightMenu?: string;
  children?: SeedMenu[];
}

/** Personal centre for every signed-in user; back office and its buttons for the admin. */
export const SEED_MENUS: SeedMenu[] = [
  {
    name: '个人中心',
    nameEn: 'Personal Center',
    routerName: 'UserCenter',
    routerPath: '/user/center',
    redirect: '/user/center/info',
    type: MENU_MAIN,
    audience: 'shopper',
    isAlwaysShow: true,
    children: [
      ['我的信息', 'My Information', 'UserCenterInfo', '/user/center/info'],
      ['我的订单', 'My order', 'UserCenterOrders', '/user/center/orders'],
      ['我的地址', 'My address', 'UserCenterAddress', '/user/center/address'],
      ['修改密码', 'Modify password', 'UserCenterPassword', '/user/center/password'],
      ['我的账单', 'My bill', 'UserCenterBill', '/user/center/bill'],
    ].map(([name, nameEn, routerName, routerPath]) => ({
      name,
      nameEn,
      routerName,
      routerPath,
      type: MENU_SUB,
      audience: 'shopper' as const,
      // The shopper's order actions are buttons too, so the web app gates every action the same way.
      children:
        routerName === 'UserCenterOrders'
          ? [
              button('支付', 'Pay', 'OrderPay', 'order:pay', routerPath, 'shopper'),
              button('取消订单', 'Cancel order', 'OrderCancel', 'order:cancel', routerPath, 'shopper'),
              button('确认收货', 'Confirm receipt', 'OrderReceive', 'order:receive', routerPath, 'shopper'),
              button('申请退款', 'Apply for refund', 'OrderRefund', 'order:refund', routerPath, 'shopper'),
              button(
                '售后进度',
                'After-sales progress',
                'OrderAfterSales',
                'order:after-sales',
                routerPath,
                'shopper',
              ),
            ]
          : undefined,
    })),
  },
  {
    name: '后台管理',
    nameEn: 'Back office',
    routerName: 'Admin',
    routerPath: '/admin',
    redirect: '/admin/orders',
    type: MENU_MAIN,
    audience: 'admin',
    isAlwaysShow: true,
    children: [
      {
        name: '待发货订单',
        nameEn: 'Orders to ship',
        routerName: 'AdminOrders',
        routerPath: '/admin/orders',
        type: MENU_SUB,
        audience: 'admin',
        children: [
          button('查看订单', 'View orders', 'AdminOrdersView', 'order:view', '/admin/orders'),
          button('发货', 'Ship', 'AdminOrdersShip', 'order:ship', '/admin/orders'),
        ],
      },
      {
        name: '退款审核',
        nameEn: 'Refund review',
        routerName: 'AdminRefunds',
        routerPath: '/admin/refunds',
        type: MENU_SUB,
        audience: 'admin',
        children: [
          button('查看退款', 'View refunds', 'AdminRefundsView', 'refund:view', '/admin/refunds'),
          button('审核退款', 'Review refund', 'AdminRefundsReview', 'refund:review', '/admin/refunds'),
        ],
      },
      {
        // Opened from the lists, never from the menu: 待发货订单 stays highlighted on it.
        name: '订单详情',
        nameEn: 'Order details',
        routerName: 'AdminOrderDetail',
        routerPath: '/admin/orders/:orderId',
        type: MENU_SUB,
        audience: 'admin',
        isHidden: true,
        highlightMenu: '/admin/orders',
      },
    ],
  },
];

function button(
  name: string,
  nameEn: string,
  routerName: string,
  permission: string,
  path: string,
  audience: SeedMenu['audience'] = 'admin',
): SeedMenu {
  return {
    name,
    nameEn,
    routerName,
    routerPath: path,
    highlightMenu: path,
    type: MENU_BUTTON,
    audience,
    permission,
  };
}

async function seedMenus(ctx: AppContext, menus: SeedMenu[], parentId: number | null): Promise<void> {
  for (const [index, menu] of menus.entries()) {
    await ctx.db
      .insertInto('menus')
      .values({
        parent_id: parentId,
        name: menu.name,
        name_en: menu.nameEn,
        router_name: menu.routerName,
        router_path: menu.routerPath,
        redirect: menu.redirect ?? null,
        is_enabled: 1,
        is_hidden: menu.isHidden ? 1 : 0,
        is_always_show: menu.isAlwaysShow ? 1 : 0,
        highlight_menu: menu.highlightMenu ?? null,
        type: menu.type,
        audience: menu.audience,
        permission: menu.permission ?? null,
        sort: index + 1,
      })
      .onConflict((oc) => oc.column('router_name').doNothing())
      .execute();
    if (!menu.children?.length) continue;
    const row = await ctx.db
      .selectFrom('menus')
      .select('id')
      .where('router_name', '=', menu.routerName)
      .executeTakeFirstOrThrow();
    await seedMenus(ctx, menu.children, row.id);
  }
}

const SEED_USERS = [
  { username: 'admin', password: 'admin123', phone: '13900000000', name: '管理员', defaultPassword: 1 },
  { username: 'demo', password: 'demo123', phone: '13800000000', name: '演示用户', defaultPassword: 0 },
];

/** Seeds the admin and demo accounts and the menu rows; rows that exist are left alone. */
export async function seedAccounts(ctx: AppContext): Promise<void> {
  for (const user of SEED_USERS) {
    const existing = await ctx.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('username', '=', user.username), eb('phone', '=', user.phone)]))
      .executeTakeFirst();
    if (existing) continue;
    const now = iso(ctx.now());
    await ctx.db
      .insertInto('users')
      .values({
        username: user.username,
        phone: user.phone,
        password_hash: await hashPassword(user.password, ctx.config.passwordHashCost),
        name: user.name,
        avatar: '',
        gender: '',
        is_real: 0,
        default_password: user.defaultPassword,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  await seedMenus(ctx, SEED_MENUS, null);
}
