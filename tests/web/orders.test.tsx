import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  ApplyRefundDocument,
  CancelOrderDocument,
  ConfirmReceiptDocument,
  OrderActionBar_OrderFragmentDoc,
  OrdersPanelDocument,
} from '../../web/src/__generated__/graphql.ts';
import { createCache } from '../../web/src/app/type-policies.ts';
import { OrderActionBar } from '../../web/src/features/order/OrderActionBar.tsx';
import { OrdersPanel } from '../../web/src/pages/user-center/OrdersPanel.tsx';
import { elapse, startTestClock } from './clock.ts';
import { buttonsMock, orderFixture, refundFixture } from './order-fixtures.ts';
import { clickInAct, renderRouteScreen } from './route-screen.tsx';
import { renderShop, type ShopRenderOptions, signedIn } from './shop-render.tsx';

const forever = Number.POSITIVE_INFINITY;
type AnyOrder = ReturnType<typeof orderFixture>;

function listMock(records: () => AnyOrder[], status: string | null = null, calls?: { count: number }) {
  return {
    request: { query: OrdersPanelDocument, variables: { status, page: { pageNum: 1, pageSize: 15 } } },
    maxUsageCount: forever,
    result: () => {
      if (calls) calls.count += 1;
      const list = records();
      return {
        data: {
          orders: { __typename: 'OrderPage', records: list, total: list.length, pageNum: 1, pageSize: 15 },
        },
      };
    },
  };
}

/** The action bar of `order`, read from the cache as the card or the detail would have put it there. */
function renderBar(order: unknown, options: ShopRenderOptions) {
  const cache = createCache();
  cache.writeFragment({ fragment: OrderActionBar_OrderFragmentDoc, data: order as never });
  const { id } = order as { id: string };
  return renderShop(<OrderActionBar order={{ __typename: 'Order', id }} />, { ...options, cache });
}

const ACTION_NAMES = ['Pay', 'Cancel order', 'Confirm receipt', 'Apply for refund', 'After-sales progress'];

function shownActions() {
  return screen
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((name) => ACTION_NAMES.includes(name));
}

describe('order cards in My order', () => {
  it('say 应付款 on unpaid orders, nothing due on cancelled ones, 实付款 only once paid, and show the refund state', async () => {
    const records = [
      orderFixture('PENDING', {
        id: '1',
        orderNo: 'SO1',
        payableAmount: { __typename: 'Money', fen: 1000, currency: 'CNY' },
      }),
      orderFixture('CANCEL', {
        id: '2',
        orderNo: 'SO2',
        payableAmount: { __typename: 'Money', fen: 2000, currency: 'CNY' },
      }),
      orderFixture('PAID', {
        id: '3',
        orderNo: 'SO3',
        paidAmount: { __typename: 'Money', fen: 3000, currency: 'CNY' },
        refund: { __typename: 'Refund', id: '7', reviewStatus: 'PENDING' },
      }),
      orderFixture('COMPLETE', {
        id: '4',
        orderNo: 'SO4',
        paymentStatus: 'REFUND',
        paidAmount: { __typename: 'Money', fen: 4000, currency: 'CNY' },
        refund: { __typename: 'Refund', id: '8', reviewStatus: 'PASSED' },
      }),
    ];
    await renderRouteScreen(<OrdersPanel />, {
      session: signedIn,
      mocks: [listMock(() => records), buttonsMock()],
    });
    const card = async (no: string) => screen.findByRole('article', { name: `订单编号：${no}` });
    expect(within(await card('SO1')).getByText(/应付款/)).toHaveTextContent('应付款：¥10.00');
    expect(within(await card('SO1')).queryByText(/实付款/)).toBeNull();
    expect(within(await card('SO2')).queryByText(/应付款/)).toBeNull();
    expect(within(await card('SO2')).getByText(/订单金额/)).toHaveTextContent(
      '订单金额（已取消，无需付款）：¥20.00',
    );
    expect(within(await card('SO3')).getByText(/实付款/)).toHaveTextContent('实付款：¥30.00');
    expect(within(await card('SO3')).getByText(/退款审核中/)).toBeInTheDocument();
    expect(within(await card('SO4')).getByText(/已退款/)).toBeInTheDocument();
    expect(within(await card('SO4')).getByRole('link', { name: '订单详情' })).toHaveAttribute(
      'href',
      '/user/center/orders/4',
    );
  });

  it('say how a shipped order left: courier and waybill number, none before it shipped', async () => {
    const records = [
      orderFixture('RECEIVED', { id: '5', orderNo: 'SO5' }),
      // shipped before couriers were recorded
      orderFixture('RECEIVED', { id: '6', orderNo: 'SO6', shipment: null }),
      orderFixture('PAID', { id: '7', orderNo: 'SO7' }),
    ];
    await renderRouteScreen(<OrdersPanel />, {
      session: signedIn,
      mocks: [listMock(() => records), buttonsMock()],
    });
    const card = async (no: string) => screen.findByRole('article', { name: `订单编号：${no}` });
    expect(within(await card('SO5')).getByTestId('order-shipment')).toHaveTextContent(
      '顺丰速运 运单号：SF1234567890',
    );
    expect(within(await card('SO6')).queryByTestId('order-shipment')).toBeNull();
    expect(within(await card('SO7')).queryByTestId('order-shipment')).toBeNull();
  });

  it('keep the status tab in the URL (?status=)', async () => {
    const user = userEvent.setup();
    await renderRouteScreen(<OrdersPanel />, {
      session: signedIn,
      route: '/user/center/orders?status=PAID',
      mocks: [listMock(() => [orderFixture('PAID')], 'PAID'), listMock(() => [], 'COMPLETE'), buttonsMock()],
    });
    expect(await screen.findByRole('tab', { name: '待发货' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('article');
    await clickInAct(user, screen.getByRole('tab', { name: '已完成' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/user/center/orders?status=COMPLETE'),
    );
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '全部',
      '待付款',
      '待发货',
      '待收货',
      '已完成',
      '已取消',
    ]);
  });

  it('count items with English plurals', async () => {
    await renderRouteScreen(<OrdersPanel />, {
      locale: 'en-GB',
      session: signedIn,
      mocks: [
        listMock(() => [
          orderFixture('PENDING', { id: '1', orderNo: 'SO1', totalQuantity: 1 }),
          orderFixture('PENDING', { id: '2', orderNo: 'SO2', totalQuantity: 2 }),
        ]),
        buttonsMock(),
      ],
    });
    const one = await screen.findByRole('article', { name: 'Order number: SO1' });
    expect(within(one).getByText(/1 item ·/)).toBeInTheDocument();
    const two = screen.getByRole('article', { name: 'Order number: SO2' });
    expect(within(two).getByText(/2 items ·/)).toBeInTheDocument();
  });
});

describe('order actions by status and by the server’s buttons', () => {
  const cases: Array<[string, AnyOrder, string[]]> = [
    ['pending', orderFixture('PENDING'), ['Pay', 'Cancel order']],
    ['paid', orderFixture('PAID'), ['Apply for refund']],
    ['shipped', orderFixture('RECEIVED'), ['Confirm receipt', 'Apply for refund']],
    [
      'refund pending',
      orderFixture('PAID', {
        refund: refundFixture('PENDING'),
        actions: { ...orderFixture('CANCEL').actions },
      }),
      ['After-sales progress'],
    ],
    ['cancelled', orderFixture('CANCEL'), []],
  ];

  it.each(cases)('%s: shows exactly the actions its status allows', async (_name, order, expected) => {
    renderBar(order, {
      locale: 'en-GB',
      session: signedIn,
      mocks: [buttonsMock()],
    });
    if (expected.length) await screen.findByRole('button', { name: expected[0] });
    expect(shownActions()).toEqual(expected);
  });

  it.each(cases)('%s: shows none without the server’s buttons', async (_name, order) => {
    startTestClock();
    renderBar(order, {
      locale: 'en-GB',
      session: signedIn,
      mocks: [buttonsMock([])],
    });
    await elapse(50);
    expect(shownActions()).toEqual([]);
  });

  it('gates each action by its own code', async () => {
    renderBar(orderFixture('RECEIVED'), {
      locale: 'en-GB',
      session: signedIn,
      mocks: [buttonsMock(['order:refund'])],
    });
    await screen.findByRole('button', { name: 'Apply for refund' });
    expect(shownActions()).toEqual(['Apply for refund']);
  });

  it('shows nothing to a visitor', async () => {
    startTestClock();
    renderBar(orderFixture('PENDING'), { mocks: [buttonsMock()] });
    await elapse(50);
    expect(shownActions()).toEqual([]);
  });
});

describe('order actions change the order everywhere without a reload', () => {
  it("cancel asks 'Confirm to cancel the order?', then the card and the list update", async () => {
    const user = userEvent.setup();
    let current = orderFixture('PENDING');
    const listCalls = { count: 0 };
    const cancelled = vi.fn(() => {
      current = orderFixture('CANCEL');
      return { data: { cancelOrder: { __typename: 'CancelOrderPayload', order: current, userErrors: [] } } };
    });
    await renderRouteScreen(<OrdersPanel />, {
      locale: 'en-GB',
      session: signedIn,
      mocks: [
        listMock(() => [current], null, listCalls),
        {
          request: { query: CancelOrderDocument, variables: { input: { orderId: '12' } } },
          result: cancelled,
        },
        buttonsMock(),
      ],
    });
    const card = await screen.findByRole('article', { name: 'Order number: SO20240101000012' });
    expect(within(card).getByText('Awaiting payment')).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Cancel order' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Confirm to cancel the order?');
    // the buttons name their action, never a bare OK / Cancel
    expect(
      within(confirm)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Keep order', 'Cancel order']);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(cancelled).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('article', { name: 'Order number: SO20240101000012' })).getByText(
            'Cancelled',
          ),
        ).toBeInTheDocument(),
      { timeout: 5000 },
    );
    // The paged list was dropped from the cache and asked again (counts and tabs are current).
    await waitFor(() => expect(listCalls.count).toBe(2), { timeout: 5000 });
    expect(shownActions()).toEqual([]);
  });

  it('confirm receipt asks first; cancelling the question sends nothing', async () => {
    const user = userEvent.setup();
    const received = vi.fn(() => ({
      data: {
        confirmReceipt: {
          __typename: 'ConfirmReceiptPayload',
          order: orderFixture('COMPLETE'),
          userErrors: [],
        },
      },
    }));
    await renderRouteScreen(<OrdersPanel />, {
      locale: 'en-GB',
      session: signedIn,
      mocks: [
        listMock(() => [orderFixture('RECEIVED')]),
        {
          request: { query: ConfirmReceiptDocument, variables: { input: { orderId: '12' } } },
          result: received,
        },
        buttonsMock(),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Not yet' }));
    expect(received).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Confirm receipt' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm receipt' }),
    );
    await waitFor(() => expect(received).toHaveBeenCalledTimes(1));
  });

  it('a refund needs a reason (required, not blank) and then goes out with it', async () => {
    const user = userEvent.setup();
    let current = orderFixture('PAID');
    const afterRefund = orderFixture('PAID', {
      refund: refundFixture('PENDING'),
      actions: { ...orderFixture('CANCEL').actions },
    });
    const applied = vi.fn(() => {
      current = afterRefund;
      return {
        data: {
          applyRefund: {
            __typename: 'ApplyRefundPayload',
            order: afterRefund,
            userErrors: [],
            afterSales: [
              {
                __typename: 'AfterSalesStep',
                reviewStatus: 'PENDING',
                remark: '坏了',
                at: '2024-01-04T00:00:00Z',
              },
            ],
          },
        },
      };
    });
    await renderRouteScreen(<OrdersPanel />, {
      session: signedIn,
      mocks: [
        listMock(() => [current]),
        {
          request: { query: ApplyRefundDocument, variables: { input: { orderId: '12', reason: '坏了' } } },
          result: applied,
        },
        buttonsMock(),
      ],
    });
    await user.click(await screen.findByRole('button', { name: '申请退款' }));
    const dialog = await screen.findByRole('dialog', { name: '申请退款' });
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText(/退款原因\s*不能为空/)).toBeInTheDocument();
    const reason = within(dialog).getByLabelText(/退款原因/);
    await user.type(reason, '   ');
    await user.tab();
    expect(await within(dialog).findByText('请输入内容')).toBeInTheDocument();
    expect(applied).not.toHaveBeenCalled();
    await user.clear(reason);
    await user.type(reason, ' 坏了 ');
    await user.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(applied).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/退款审核中/)).toBeInTheDocument();
  });
});
