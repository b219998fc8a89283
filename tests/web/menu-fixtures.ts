/** Server menus, buttons and sessions for the menu-routing and back-office web tests. */
import type { MockLink } from '@apollo/client/testing';
import {
  SessionDocument,
  UserCenterMenusDocument,
  ViewerButtonsDocument,
} from '../../web/src/__generated__/graphql.ts';
import type { MenuNode } from '../../web/src/app/menu-tree.ts';

const forever = Number.POSITIVE_INFINITY;

export type MenuFixture = MenuNode & {
  __typename: 'MenuItem';
  id: string;
  isAlwaysShow: boolean;
  children: MenuFixture[];
};

export const menu = (
  routerName: string,
  routerPath: string,
  name: string,
  extra: Partial<Omit<MenuFixture, 'children'>> & { children?: MenuFixture[] } = {},
): MenuFixture => ({
  __typename: 'MenuItem',
  id: routerName,
  name,
  routerName,
  routerPath,
  redirect: null,
  isEnabled: true,
  isHidden: false,
  isAlwaysShow: false,
  highlightMenu: null,
  type: 'SUB',
  children: [],
  ...extra,
});

export const centreMenu = (children?: MenuFixture[]) =>
  menu('UserCenter', '/user/center', '个人中心', {
    type: 'MAIN',
    redirect: '/user/center/info',
    children: children ?? [
      menu('UserCenterInfo', '/user/center/info', '我的信息'),
      menu('UserCenterOrders', '/user/center/orders', '我的订单'),
      menu('UserCenterPassword', '/user/center/password', '修改密码'),
    ],
  });

/** The seeded back office: two listed screens and the hidden order detail highlighting 待发货订单. */
export const backOfficeMenu = (children?: MenuFixture[], redirect = '/admin/orders') =>
  menu('Admin', '/admin', '后台管理', {
    type: 'MAIN',
    redirect,
    children: children ?? [
      menu('AdminOrders', '/admin/orders', '待发货订单'),
      menu('AdminRefunds', '/admin/refunds', '退款审核'),
      menu('AdminOrderDetail', '/admin/orders/:orderId', '订单详情', {
        isHidden: true,
        highlightMenu: '/admin/orders',
      }),
    ],
  });

export const ADMIN_BUTTONS = ['order:view', 'order:ship', 'refund:view', 'refund:review'];

export function menusMock(menus: MenuFixture[], buttons: string[] = []): MockLink.MockedResponse {
  return {
    request: { query: UserCenterMenusDocument },
    maxUsageCount: forever,
    result: { data: { resources: { __typename: 'Resources', menus, buttons } } },
  };
}

export function buttonsMock(buttons: string[]): MockLink.MockedResponse {
  return {
    request: { query: ViewerButtonsDocument },
    maxUsageCount: forever,
    result: { data: { resources: { __typename: 'Resources', buttons } } },
  };
}

export function accountSession({
  admin = false,
  defaultPassword = false,
}: {
  admin?: boolean;
  defaultPassword?: boolean;
} = {}): MockLink.MockedResponse {
  return {
    request: { query: SessionDocument },
    maxUsageCount: forever,
    result: {
      data: {
        session: {
          __typename: 'Session',
          id: 'session',
          isAuthenticated: true,
          defaultPassword,
          viewer: {
            __typename: 'Viewer',
            id: admin ? '1' : '2',
            account: admin ? 'admin' : 'demo',
            name: admin ? '管理员' : '演示用户',
            avatar: '',
            isAdmin: admin,
          },
        },
      },
    },
  };
}

/** An order as the back-office lists select it (AdminOrderRow_order). */
export const adminOrder = (
  id: string,
  status: string,
  extra: {
    refund?: { id: string; reviewStatus: string } | null;
    canShip?: boolean;
    shipment?: { courierCode: string; courierName: string; waybillNo: string } | null;
  } = {},
) => ({
  __typename: 'Order' as const,
  id,
  orderNo: `2026112300000${id}`,
  status,
  paymentStatus: status === 'PENDING' ? 'PENDING' : status === 'CANCEL' ? 'CANCEL' : 'PAID',
  buyerAccount: 'buyer1',
  createdAt: '2026-11-23T08:00:00.000Z',
  paidAt: status === 'PENDING' ? null : '2026-11-23T08:05:00.000Z',
  shippedAt: extra.shipment ? '2026-11-23T10:00:00.000Z' : null,
  shipment: extra.shipment ? { __typename: 'Shipment' as const, ...extra.shipment } : null,
  totalQuantity: 2,
  payableAmount: { __typename: 'Money' as const, fen: 19900, currency: 'CNY' },
  items: [{ __typename: 'OrderItem' as const, id: `${id}1`, name: '保温杯', quantity: 2 }],
  address: { __typename: 'AddressSnapshot' as const, recipient: '张三', city: '上海市 上海市' },
  refund: extra.refund ? { __typename: 'Refund' as const, ...extra.refund } : null,
  // The service's verdict, given by each test (the web shows the button on it alone).
  actions: { __typename: 'OrderActions' as const, canShip: extra.canShip ?? false },
});

/** A refund as the back-office lists select it (AdminRefundRow_refund). */
export const adminRefund = (id: string, reviewStatus: string, extra: { remark?: string } = {}) => ({
  __typename: 'Refund' as const,
  id,
  orderId: `9${id}`,
  orderNo: `2026112300009${id}`,
  account: 'buyer1',
  origin: 'shopper',
  reason: '不想要了',
  amount: { __typename: 'Money' as const, fen: 19900, currency: 'CNY' },
  reviewStatus,
  remark: extra.remark ?? '',
  orderStatus: 'COMPLETE',
  paymentStatus: reviewStatus === 'PASSED' ? 'REFUND' : 'PAID',
  createdAt: '2026-11-23T09:00:00.000Z',
  reviewedAt: reviewStatus === 'PENDING' ? null : '2026-11-23T10:00:00.000Z',
});

export const page = <T>(typename: string, records: T[]) => ({
  __typename: typename,
  records,
  total: records.length,
  pageNum: 1,
  pageSize: 15,
});
