import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';
import { CATALOGUE_SCREENS, ORDER_SCREEN_BUTTONS } from './back-office-menus.ts';
import { button, insertMenus, type SeedMenu } from './menu-rows.ts';
import { hashPassword } from './passwords.ts';
import { MENU_MAIN, MENU_SUB } from './resource.ts';

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
          ...ORDER_SCREEN_BUTTONS,
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
      ...CATALOGUE_SCREENS,
    ],
  },
];

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
  await insertMenus(ctx.db, SEED_MENUS, null);
}
