import { ApolloClient, ApolloLink } from '@apollo/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AdminOrderDetailDocument,
  AdminOrdersDocument,
  AdminRefundsDocument,
  ReviewRefundDocument,
  ShipCouriersDocument,
  ShipOrderDocument,
  UserCenterMenusDocument,
  ViewerButtonsDocument,
} from '../../web/src/__generated__/graphql.ts';
import { createCache } from '../../web/src/app/type-policies.ts';
import DefaultPasswordBanner from '../../web/src/auth/DefaultPasswordBanner.tsx';
import { Permitted } from '../../web/src/auth/permissions.tsx';
import AdminOrderDetailPage from '../../web/src/pages/admin/AdminOrderDetailPage.tsx';
import AdminOrdersPage from '../../web/src/pages/admin/AdminOrdersPage.tsx';
import AdminRefundsPage from '../../web/src/pages/admin/AdminRefundsPage.tsx';
import NoAuthorityPage from '../../web/src/pages/no-authority/NoAuthorityPage.tsx';
import { elapse, startTestClock } from './clock.ts';
import { ADMIN_BUTTONS, adminOrder, adminRefund, buttonsMock, centreMenu, page } from './menu-fixtures.ts';
import { renderWithProviders } from './render.tsx';
import { renderInAct, withRouteBoundary } from './route-screen.tsx';
import { gatewayError } from './shop-fixtures.ts';

afterEach(() => vi.restoreAllMocks());

const forever = Number.POSITIVE_INFINITY;
const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const ordersMock = (
  records: ReturnType<typeof adminOrder>[],
  match: (variables: Record<string, unknown>) => boolean = () => true,
) => ({
  request: { query: AdminOrdersDocument, variables: match },
  result: { data: { adminOrders: page('OrderPage', records) } },
});

const SHIPPED_BY_SF = { courierCode: 'SF', courierName: '顺丰速运', waybillNo: 'SF1234567890' };

/** The shop's couriers as the ship dialog reads them (dictionary `courier`). */
const couriersMock = {
  request: { query: ShipCouriersDocument },
  maxUsageCount: forever,
  result: {
    data: {
      couriers: [
        { __typename: 'DictionaryItem', value: 'SF', label: '顺丰速运' },
        { __typename: 'DictionaryItem', value: 'ZTO', label: '中通快递' },
      ],
    },
  },
};

const refundsMock = (records: ReturnType<typeof adminRefund>[], times = 1) => ({
  request: { query: AdminRefundsDocument, variables: () => true },
  maxUsageCount: times,
  result: { data: { adminRefunds: page('RefundPage', records) } },
});

function renderOrders(mocks: unknown[], route = '/admin/orders', locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  return renderInAct(() =>
    renderWithProviders(
      <>
        {withRouteBoundary(<AdminOrdersPage />, 'list')}
        <Where />
      </>,
      { route, mocks: mocks as never, session: signedIn, locale },
    ),
  );
}

describe('permission component', () => {
  const probe = (
    <Permitted code="order:ship" fallback={<span>no</span>}>
      <button type="button">ship</button>
    </Permitted>
  );

  it('shows an action only when the server lists its button', async () => {
    renderWithProviders(probe, { mocks: [buttonsMock(['order:ship'])], session: signedIn });
    expect(await screen.findByRole('button', { name: 'ship' })).toBeInTheDocument();
  });

  it('shows the fallback without the button, and to visitors (no request)', async () => {
    startTestClock();
    const { unmount } = renderWithProviders(probe, {
      mocks: [buttonsMock(['order:view'])],
      session: signedIn,
    });
    expect(await screen.findByText('no')).toBeInTheDocument();
    await elapse(50);
    expect(screen.queryByRole('button', { name: 'ship' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(probe, { mocks: [] });
    expect(screen.getByText('no')).toBeInTheDocument();
  });
});

describe('Resources in the cache', () => {
  it('merges the menus query and the buttons query without losing fields or warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const link = new ApolloLink(
      (operation) =>
        new Observable((observer) => {
          const resources =
            operation.operationName === 'ViewerButtons'
              ? { __typename: 'Resources', buttons: ['order:ship'] }
              : { __typename: 'Resources', menus: [centreMenu()], buttons: ['order:ship'] };
          observer.next({ data: { resources } });
          observer.complete();
        }),
    );
    const client = new ApolloClient({ link, cache: createCache() });
    await client.query({ query: UserCenterMenusDocument });
    await client.query({ query: ViewerButtonsDocument });
    const menus = client.readQuery({ query: UserCenterMenusDocument });
    expect(menus?.resources?.menus[0].routerPath).toBe('/user/center');
    expect(client.readQuery({ query: ViewerButtonsDocument })?.resources?.buttons).toEqual(['order:ship']);
    const messages = [...warn.mock.calls, ...error.mock.calls].map((call) => String(call[0]));
    expect(messages.filter((text) => /resources|Cache data may be lost/i.test(text))).toEqual([]);
  });
});

describe('back office: orders', () => {
  it('offers 发货 on a paid order, asks for the courier and waybill number, ships and reads the list again', async () => {
    const user = userEvent.setup();
    const ship = vi.fn(() => ({
      data: {
        shipOrder: {
          __typename: 'ShipOrderPayload',
          order: { ...adminOrder('1', 'RECEIVED', { shipment: SHIPPED_BY_SF }) },
          userErrors: [],
        },
      },
    }));
    await renderOrders([
      buttonsMock(ADMIN_BUTTONS),
      ordersMock([adminOrder('1', 'PAID', { canShip: true })], (v) => v.status === 'PAID'),
      couriersMock,
      {
        request: {
          query: ShipOrderDocument,
          variables: { input: { orderId: '1', courier: 'SF', waybillNo: 'SF1234567890' } },
        },
        result: ship,
      },
      // after the ship the evicted list is read again: the order has left 待发货
      ordersMock([], (v) => v.status === 'PAID'),
    ]);
    const row = await screen.findByRole('article', { name: '订单号 20261123000001' });
    expect(within(row).getByText('待发货')).toBeInTheDocument();
    expect(within(row).getByText('buyer1')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '发货' }));
    const dialog = await screen.findByRole('dialog', { name: '发货 · 20261123000001' });
    const courier = within(dialog).getByRole('combobox', { name: /快递公司/ });
    await waitFor(() =>
      expect(within(courier).getByRole('option', { name: '顺丰速运' })).toBeInTheDocument(),
    );
    await user.selectOptions(courier, 'SF');
    await user.type(within(dialog).getByRole('textbox', { name: /运单号/ }), ' SF1234567890 ');
    await user.click(within(dialog).getByRole('button', { name: '发货' }));
    await waitFor(() => expect(ship).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['zh-CN', '发货', '快递公司 不能为空', '运单号 不能为空', '运单号 须为 6-32 位字母或数字', '再想想'],
    [
      'en-GB',
      'Ship',
      'Courier cannot be empty',
      'Waybill number cannot be empty',
      'Waybill number must be 6-32 letters or digits',
      'Not yet',
    ],
  ] as const)(
    'checks both fields beside them before sending (%s), and closes from the keyboard',
    async (locale, shipText, noCourier, noWaybill, badWaybill, later) => {
      const user = userEvent.setup();
      const ship = vi.fn();
      await renderOrders(
        [
          buttonsMock(ADMIN_BUTTONS),
          ordersMock([adminOrder('1', 'PAID', { canShip: true })]),
          couriersMock,
          { request: { query: ShipOrderDocument, variables: () => true }, result: ship },
        ],
        '/admin/orders',
        locale,
      );
      const open = await screen.findByRole('button', { name: shipText });
      await user.click(open);
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: shipText }));
      expect(await within(dialog).findByText(noCourier)).toBeInTheDocument();
      expect(within(dialog).getByText(noWaybill)).toBeInTheDocument();
      const courier = within(dialog).getByRole('combobox');
      expect(courier).toHaveAttribute('aria-invalid', 'true');
      expect(courier).toHaveAccessibleDescription(expect.stringContaining(noCourier));
      const waybill = within(dialog).getByRole('textbox');
      await user.type(waybill, 'SF-1');
      await user.tab();
      expect(await within(dialog).findByText(badWaybill)).toBeInTheDocument();
      expect(waybill).toHaveAccessibleDescription(expect.stringContaining(badWaybill));
      expect(ship).not.toHaveBeenCalled();
      // Esc closes it and gives the focus back to the button that opened it.
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(open).toHaveFocus();
      await user.click(open);
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: later }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(ship).not.toHaveBeenCalled();
    },
  );

  it("shows the service's refusal beside its field: a courier no longer on the list", async () => {
    const user = userEvent.setup();
    const refused = {
      data: {
        shipOrder: {
          __typename: 'ShipOrderPayload',
          order: null,
          userErrors: [
            {
              __typename: 'UserError',
              code: 'ADMIN_COURIER_UNKNOWN',
              field: ['input', 'courier'],
              message: '请从列表中选择快递公司',
            },
          ],
        },
      },
    };
    await renderOrders([
      buttonsMock(ADMIN_BUTTONS),
      ordersMock([adminOrder('1', 'PAID', { canShip: true })]),
      couriersMock,
      { request: { query: ShipOrderDocument, variables: () => true }, result: refused },
    ]);
    await user.click(await screen.findByRole('button', { name: '发货' }));
    const dialog = await screen.findByRole('dialog');
    const courier = within(dialog).getByRole('combobox', { name: /快递公司/ });
    await waitFor(() => expect(within(courier).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(courier, 'ZTO');
    await user.type(within(dialog).getByRole('textbox', { name: /运单号/ }), 'ZT1234567890');
    await user.click(within(dialog).getByRole('button', { name: '发货' }));
    await waitFor(() =>
      expect(courier).toHaveAccessibleDescription(expect.stringContaining('请从列表中选择快递公司')),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows how a shipped order left: courier and waybill number', async () => {
    await renderOrders(
      [
        buttonsMock(ADMIN_BUTTONS),
        ordersMock([adminOrder('2', 'RECEIVED', { shipment: SHIPPED_BY_SF }), adminOrder('3', 'RECEIVED')]),
      ],
      '/admin/orders?status=ALL',
    );
    const [withCourier, before] = await screen.findAllByRole('article');
    expect(withCourier).toHaveTextContent('顺丰速运 SF1234567890');
    // shipped before couriers were recorded: nothing to show, nothing broken
    expect(before).not.toHaveTextContent('物流');
  });

  it('offers 发货 where the service says the order may be shipped, and only with order:ship', async () => {
    const records = [
      adminOrder('1', 'PAID', { canShip: true }),
      adminOrder('2', 'RECEIVED'),
      adminOrder('3', 'PAID', { refund: { id: '8', reviewStatus: 'PENDING' } }),
      adminOrder('4', 'PENDING'),
      adminOrder('5', 'COMPLETE'),
      // the service's word decides, whatever the status looks like to the web
      adminOrder('6', 'PAID'),
    ];
    const { unmount } = await renderOrders(
      [buttonsMock(ADMIN_BUTTONS), ordersMock(records, (v) => v.status === null)],
      '/admin/orders?status=ALL',
    );
    const rows = await screen.findAllByRole('article');
    expect(rows).toHaveLength(6);
    const shipButtons = rows.map((row) => within(row).queryByRole('button', { name: '发货' }) !== null);
    expect(shipButtons).toEqual([true, false, false, false, false, false]);
    expect(within(rows[2]).getByText(/退款审核中/)).toBeInTheDocument();
    unmount();

    await renderOrders([buttonsMock(['order:view']), ordersMock(records)], '/admin/orders?status=ALL');
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: '发货' })).not.toBeInTheDocument();
  });

  it('needs order:view to list at all', async () => {
    const list = vi.fn(() => ({ data: { adminOrders: page('OrderPage', []) } }));
    await renderOrders([
      buttonsMock(['refund:view']),
      { request: { query: AdminOrdersDocument, variables: () => true }, result: list },
    ]);
    expect(await screen.findByText('您没有查看该列表的权限')).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it('keeps the status filter and the page in the URL (en-GB)', async () => {
    const user = userEvent.setup();
    await renderOrders(
      [
        buttonsMock(ADMIN_BUTTONS),
        ordersMock([adminOrder('1', 'PAID')], (v) => v.status === 'PAID'),
        ordersMock([adminOrder('2', 'COMPLETE')], (v) => v.status === 'COMPLETE'),
      ],
      '/admin/orders',
      'en-GB',
    );
    expect(await screen.findByText('1 order')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Order status' });
    expect(select).toHaveValue('PAID');
    await act(async () => {
      await user.selectOptions(select, 'COMPLETE');
    });
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent('/admin/orders?status=COMPLETE'),
    );
    expect(await screen.findByRole('article', { name: 'Order number 20261123000002' })).toBeInTheDocument();
  });
});

describe('back office: refunds', () => {
  const renderRefunds = (mocks: unknown[], locale: 'zh-CN' | 'en-GB' = 'zh-CN') =>
    renderInAct(() =>
      renderWithProviders(
        <>
          {withRouteBoundary(<AdminRefundsPage />, 'list')}
          <Where />
        </>,
        { route: '/admin/refunds', mocks: mocks as never, session: signedIn, locale },
      ),
    );

  it('filters by review status with the empty option 全部类型 and the documented labels', async () => {
    await renderRefunds([buttonsMock(ADMIN_BUTTONS), refundsMock([adminRefund('1', 'PENDING')])]);
    const select = await screen.findByRole('combobox', { name: '审核状态' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['全部类型', '待审核', '已通过', '已拒绝']);
    expect(select).toHaveValue('');
  });

  it('offers 审核 only on pending refunds and only with refund:review', async () => {
    const records = [
      adminRefund('1', 'PENDING'),
      adminRefund('2', 'PASSED'),
      adminRefund('3', 'REJECTED', { remark: '已发货' }),
    ];
    const { unmount } = await renderRefunds([buttonsMock(ADMIN_BUTTONS), refundsMock(records)]);
    const rows = await screen.findAllByRole('article');
    expect(rows.map((row) => within(row).queryByRole('button', { name: '审核' }) !== null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(within(rows[2]).getByText('已发货')).toBeInTheDocument();
    unmount();
    await renderRefunds([buttonsMock(['refund:view']), refundsMock(records)]);
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: '审核' })).not.toBeInTheDocument();
  });

  it('requires a decision, and a remark for a rejection; sends the rejection and reads the list again', async () => {
    const user = userEvent.setup();
    const { review, mocks } = reviewOfPendingRefund(
      { approve: false, remark: '商品已发出' },
      adminRefund('1', 'REJECTED', { remark: '商品已发出' }),
    );
    await renderRefunds(mocks);
    await user.click(await screen.findByRole('button', { name: '审核' }));
    const dialog = await screen.findByRole('dialog', { name: '审核退款申请' });
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('审核结果 不能为空')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '拒绝' }));
    await user.type(within(dialog).getByRole('textbox', { name: /审核备注/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('审核备注 不能为空')).toBeInTheDocument();
    expect(review).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByRole('textbox', { name: /审核备注/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /审核备注/ }), '商品已发出');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(review).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByRole('article');
    expect(await within(row).findByText('已拒绝')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '审核' })).not.toBeInTheDocument();
  });

  it('approves without a remark (en-GB)', async () => {
    const user = userEvent.setup();
    const { review, mocks } = reviewOfPendingRefund(
      { approve: true, remark: '' },
      adminRefund('1', 'PASSED'),
    );
    await renderRefunds(mocks, 'en-GB');
    await user.click(await screen.findByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the refund application' });
    await user.click(within(dialog).getByRole('radio', { name: 'Approve (return the money)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(review).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(screen.getByRole('article')).getByText('Passed')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });
});

/**
 * The back office reviewing refund 1: the list shows it pending, the review (`input`) answers
 * `after`, and the list read again shows `after`. `review` counts the calls.
 */
function reviewOfPendingRefund(
  input: { approve: boolean; remark: string },
  after: ReturnType<typeof adminRefund>,
) {
  const review = vi.fn(() => ({
    data: { reviewRefund: { __typename: 'ReviewRefundPayload', refund: after, userErrors: [] } },
  }));
  const mocks = [
    buttonsMock(ADMIN_BUTTONS),
    refundsMock([adminRefund('1', 'PENDING')]),
    {
      request: { query: ReviewRefundDocument, variables: { input: { refundId: '1', ...input } } },
      result: review,
    },
    refundsMock([after]),
  ];
  return { review, mocks };
}

/** AdminOrderDetail answer for order 7 (optionally with refund 1 in `refundStatus`; `canShip` is the service's verdict). */
const detailData = (status: string, refundStatus: string | null, canShip = false) => {
  const base = adminOrder('7', status, {
    refund: refundStatus ? { id: '1', reviewStatus: refundStatus } : null,
    canShip,
  });
  return {
    adminOrder: {
      __typename: 'AdminOrderDetail',
      order: {
        ...base,
        paymentMethod: 'LPAY',
        receivedAt: null,
        cancelledAt: null,
        cancelReason: null,
        productAmount: { __typename: 'Money', fen: 19900, currency: 'CNY' },
        shippingFee: { __typename: 'Money', fen: 0, currency: 'CNY' },
        paidAmount: { __typename: 'Money', fen: 19900, currency: 'CNY' },
        address: {
          __typename: 'AddressSnapshot',
          recipient: '张三',
          phone: '13800000001',
          city: '上海市 上海市',
          detail: '南京东路 1 号',
        },
        items: [
          {
            __typename: 'OrderItem',
            id: '71',
            productId: '3',
            name: '保温杯',
            featuredImage: {
              __typename: 'Image',
              src: '/img/3.svg',
              width: 400,
              height: 400,
              altText: '保温杯',
            },
            quantity: 2,
            unitPrice: { __typename: 'Money', fen: 9950, currency: 'CNY' },
            amount: { __typename: 'Money', fen: 19900, currency: 'CNY' },
          },
        ],
      },
      buyer: { __typename: 'OrderBuyer', id: '5', account: 'buyer1', name: '买家一', phone: '13800000001' },
      payments: [
        {
          __typename: 'PaymentAttempt',
          id: '11',
          method: 'LPAY',
          amount: { __typename: 'Money', fen: 19900, currency: 'CNY' },
          status: 'PAID',
          createdAt: '2026-11-23T08:01:00.000Z',
          expiresAt: '2026-11-23T08:16:00.000Z',
          paidAt: '2026-11-23T08:05:00.000Z',
        },
      ],
      refunds: refundStatus ? [{ ...adminRefund('1', refundStatus), orderId: '7' }] : [],
      refundSteps: refundStatus
        ? [
            {
              __typename: 'AfterSalesStep',
              reviewStatus: 'PENDING',
              remark: '不想要了',
              at: '2026-11-23T09:00:00.000Z',
            },
          ]
        : [],
    },
  };
};

/** Order 7's back-office detail in its route boundary, with these mocks. */
const renderDetail = (mocks: unknown[]) =>
  renderInAct(() =>
    renderWithProviders(
      <Routes>
        <Route
          path="/admin/orders/:orderId"
          element={withRouteBoundary(<AdminOrderDetailPage />, 'detail')}
        />
      </Routes>,
      { route: '/admin/orders/7', mocks: mocks as never, session: signedIn },
    ),
  );

describe('back office: order detail', () => {
  it('shows the buyer, address snapshot, lines, payments and refund history; review from here', async () => {
    await renderDetail([
      buttonsMock(ADMIN_BUTTONS),
      {
        request: { query: AdminOrderDetailDocument, variables: { id: '7' } },
        maxUsageCount: forever,
        result: { data: detailData('PAID', 'PENDING') },
      },
    ]);
    expect(await screen.findByRole('heading', { name: '订单详情 · 20261123000007' })).toBeInTheDocument();
    expect(screen.getByText('买家一')).toBeInTheDocument();
    expect(screen.getByText(/南京东路 1 号/)).toBeInTheDocument();
    expect(screen.getByText('保温杯')).toBeInTheDocument();
    expect(screen.getAllByText('lpay').length).toBeGreaterThan(0);
    expect(screen.getByText('不想要了', { selector: 'p' })).toBeInTheDocument();
    // a refund under review blocks shipping; the review is offered
    expect(screen.queryByRole('button', { name: '发货' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '审核' })).toBeInTheDocument();
  });

  it('offers 发货 when the service allows shipping, only with order:ship', async () => {
    const detailMock = {
      request: { query: AdminOrderDetailDocument, variables: { id: '7' } },
      maxUsageCount: forever,
      result: { data: detailData('PAID', null, true) },
    };
    const { unmount } = await renderDetail([buttonsMock(ADMIN_BUTTONS), detailMock]);
    expect(await screen.findByRole('button', { name: '发货' })).toBeInTheDocument();
    expect(screen.getByText('暂无退款记录')).toBeInTheDocument();
    unmount();
    await renderDetail([buttonsMock(['order:view']), detailMock]);
    expect(await screen.findByText('暂无退款记录')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发货' })).not.toBeInTheDocument();
  });
  it('says when the order does not exist, and offers a retry for other failures', async () => {
    const { unmount } = await renderDetail([
      buttonsMock(ADMIN_BUTTONS),
      {
        request: { query: AdminOrderDetailDocument, variables: { id: '7' } },
        result: { errors: [gatewayError('NOT_FOUND', '订单不存在')] },
      },
    ]);
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
    unmount();

    await renderDetail([
      buttonsMock(ADMIN_BUTTONS),
      {
        request: { query: AdminOrderDetailDocument, variables: { id: '7' } },
        result: { errors: [gatewayError('FORBIDDEN', '无访问权限')] },
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});

describe('back office: shipping from the detail', () => {
  it('updates the open detail in place: status 待收货, no 发货 any more', async () => {
    const user = userEvent.setup();
    const paid = detailData('PAID', null, true);
    const shippedOrder = {
      ...paid.adminOrder.order,
      status: 'RECEIVED',
      shippedAt: '2026-11-23T10:00:00.000Z',
      shipment: { __typename: 'Shipment', ...SHIPPED_BY_SF },
      actions: { __typename: 'OrderActions', canShip: false },
    };
    const shipped = { adminOrder: { ...paid.adminOrder, order: shippedOrder } };
    const ship = vi.fn(() => ({
      data: {
        shipOrder: { __typename: 'ShipOrderPayload', order: adminOrder('7', 'RECEIVED'), userErrors: [] },
      },
    }));
    await renderDetail([
      buttonsMock(ADMIN_BUTTONS),
      { request: { query: AdminOrderDetailDocument, variables: { id: '7' } }, result: { data: paid } },
      couriersMock,
      {
        request: {
          query: ShipOrderDocument,
          variables: { input: { orderId: '7', courier: 'SF', waybillNo: 'SF1234567890' } },
        },
        result: ship,
      },
      { request: { query: AdminOrderDetailDocument, variables: { id: '7' } }, result: { data: shipped } },
    ]);
    await user.click(await screen.findByRole('button', { name: '发货' }));
    const dialog = await screen.findByRole('dialog', { name: '发货 · 20261123000007' });
    const courier = within(dialog).getByRole('combobox', { name: /快递公司/ });
    await waitFor(() => expect(within(courier).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(courier, 'SF');
    await user.type(within(dialog).getByRole('textbox', { name: /运单号/ }), 'SF1234567890');
    await user.click(within(dialog).getByRole('button', { name: '发货' }));
    await waitFor(() => expect(ship).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('待收货')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发货' })).not.toBeInTheDocument();
    expect(screen.getByText('快递公司').nextElementSibling).toHaveTextContent('顺丰速运');
    expect(screen.getByText('SF1234567890')).toBeInTheDocument();
  });
});

describe("'无访问权限' and the initial password", () => {
  it.each([
    ['zh-CN', '无访问权限'],
    ['en-GB', 'No access permission'],
  ] as const)('the no-authority screen warns once (%s)', async (locale, text) => {
    renderWithProviders(<NoAuthorityPage />, { route: '/no-authority', locale });
    expect(screen.getByRole('heading', { level: 1, name: text })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
  });

  it('asks to change the initial password until dismissed or changed', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<DefaultPasswordBanner />, {
      route: '/home',
      session: { isAuthenticated: true, defaultPassword: true },
    });
    expect(screen.getByText('您仍在使用初始密码，请尽快修改')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即修改密码' })).toHaveAttribute(
      'href',
      '/user/center/password',
    );
    await user.click(screen.getByRole('button', { name: '稍后提醒' }));
    expect(screen.queryByText('您仍在使用初始密码，请尽快修改')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<DefaultPasswordBanner />, {
      route: '/home',
      session: { isAuthenticated: true, defaultPassword: false },
    });
    expect(screen.queryByRole('status', { name: /初始密码/ })).not.toBeInTheDocument();
    expect(screen.queryByText('您仍在使用初始密码，请尽快修改')).not.toBeInTheDocument();
  });
});
