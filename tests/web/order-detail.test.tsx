import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderDetailPageDocument } from '../../web/src/__generated__/graphql.ts';
import OrderDetailPage from '../../web/src/pages/order/OrderDetailPage.tsx';
import { elapse, startTestClock } from './clock.ts';
import { buttonsMock, orderFixture, refundFixture } from './order-fixtures.ts';
import { renderRouteScreen, retry, routeSkeleton } from './route-screen.tsx';
import { gatewayError } from './shop-fixtures.ts';
import { signedIn } from './shop-render.tsx';

type AnyOrder = ReturnType<typeof orderFixture>;

function detailMock(order: AnyOrder | null, afterSales: unknown[] = []) {
  return {
    request: { query: OrderDetailPageDocument, variables: { id: '12' } },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: { data: { order: order ? { ...order, afterSales } : null } },
  };
}

function renderDetail(
  mocks: unknown[],
  locale: 'zh-CN' | 'en-GB' = 'zh-CN',
  route = '/user/center/orders/12',
) {
  return renderRouteScreen(<OrderDetailPage />, {
    skeleton: 'detail',
    locale,
    session: signedIn,
    route,
    path: '/user/center/orders/:orderId',
    mocks: [...(mocks as never[]), buttonsMock()],
  });
}

const amounts = () => within(screen.getByTestId('order-amounts'));

const step = (reviewStatus: string, remark: string, at: string) => ({
  __typename: 'AfterSalesStep',
  reviewStatus,
  remark,
  at,
});

/** The timeline as [label, done] pairs, once the order is shown. */
async function timelineSteps() {
  const timeline = await screen.findByRole('list', { name: '订单进度' });
  return within(timeline)
    .getAllByRole('listitem')
    .map((li) => [li.firstChild?.textContent, li.getAttribute('data-done') === 'true']);
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('order detail (shopper)', () => {
  it('unpaid: payable without a paid amount, a countdown to the deadline, the address and lines', async () => {
    const deadline = new Date(Date.now() + 10 * 60_000).toISOString();
    await renderDetail([detailMock(orderFixture('PENDING', { paymentDeadline: deadline }))]);
    expect(await screen.findByTestId('order-no')).toHaveTextContent('SO20240101000012');
    expect(screen.getByRole('timer')).toHaveTextContent(/剩余支付时间 (09:5\d|10:00)/);
    expect(amounts().getByText('应付款').nextElementSibling).toHaveTextContent('¥1,234.50');
    expect(amounts().queryByText('实付款')).toBeNull();
    expect(amounts().queryByText('支付时间')).toBeNull();
    expect(screen.getByText('张三 13800000000')).toBeInTheDocument();
    expect(screen.getByText('广东省 深圳市 南山区科技园 1 号')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '蓝牙耳机' })).toHaveAttribute('src', '/service/static/p5.png');
    // Placed at 00:00 UTC = 08:00 in the shop's zone (Asia/Shanghai).
    expect(screen.getAllByText('2024-01-01 08:00:00').length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: '去支付' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消订单' })).toBeInTheDocument();
  });

  it('paid and refunded: paid amount, method, paid time, refund state, timeline and after-sales', async () => {
    const order = orderFixture('COMPLETE', {
      paymentStatus: 'REFUND',
      refund: refundFixture('PASSED'),
      actions: { ...orderFixture('CANCEL').actions },
    });
    await renderDetail([
      detailMock(order, [
        {
          __typename: 'AfterSalesStep',
          reviewStatus: 'PENDING',
          remark: '不想要了',
          at: '2024-01-04T00:00:00Z',
        },
        {
          __typename: 'AfterSalesStep',
          reviewStatus: 'PASSED',
          remark: '同意退款',
          at: '2024-01-05T00:00:00Z',
        },
      ]),
    ]);
    expect(await screen.findByText('已完成 · 已退款')).toBeInTheDocument();
    expect(amounts().getByText('实付款').nextElementSibling).toHaveTextContent('¥1,234.50');
    expect(amounts().getByText('支付方式').nextElementSibling).toHaveTextContent('L支付');
    expect(amounts().getByText('支付时间').nextElementSibling).toHaveTextContent('2024-01-01 08:05:00');
    expect(amounts().getByText('退款金额').nextElementSibling).toHaveTextContent('¥1,234.50');
    expect(screen.queryByRole('timer')).toBeNull();
    const timeline = screen.getByRole('list', { name: '订单进度' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['已下单', '已付款', '已发货', '已收货', '申请退款', '退款已通过']);
    const progress = screen.getByRole('list', { name: '售后进度' });
    expect(progress).toHaveTextContent('已通过');
    expect(progress).toHaveTextContent('同意退款');
    expect(await screen.findByRole('button', { name: '售后进度' })).toBeInTheDocument();
  });

  it('paid, not shipped: what happened, then the steps still ahead undone', async () => {
    await renderDetail([detailMock(orderFixture('PAID'))]);
    expect(await timelineSteps()).toEqual([
      ['已下单', true],
      ['已付款', true],
      ['已发货', false],
      ['已收货', false],
    ]);
  });

  it('a refund applied for before shipping: no shipping or receipt steps, and no refund money', async () => {
    const order = orderFixture('PAID', { refund: refundFixture('PENDING') });
    await renderDetail([detailMock(order, [step('PENDING', '不想要了', '2024-01-04T00:00:00Z')])]);
    expect(await timelineSteps()).toEqual([
      ['已下单', true],
      ['已付款', true],
      ['申请退款', true],
    ]);
    expect(amounts().queryByText('退款金额')).toBeNull();
    expect(amounts().getByText('实付款').nextElementSibling).toHaveTextContent('¥1,234.50');
  });

  it('a refund approved before shipping: the order was cancelled after it, the money went back', async () => {
    const order = orderFixture('PAID', {
      status: 'CANCEL',
      paymentStatus: 'REFUND',
      cancelledAt: '2024-01-05T00:00:00.000Z',
      cancelReason: 'refunded',
      refund: refundFixture('PASSED'),
    });
    await renderDetail([
      detailMock(order, [
        step('PENDING', '不想要了', '2024-01-04T00:00:00.000Z'),
        step('PASSED', '同意退款', '2024-01-05T00:00:00.000Z'),
      ]),
    ]);
    expect(await timelineSteps()).toEqual([
      ['已下单', true],
      ['已付款', true],
      ['申请退款', true],
      ['退款已通过', true],
      ['已取消', true],
    ]);
    expect(amounts().getByText('退款金额').nextElementSibling).toHaveTextContent('¥1,234.50');
  });

  it('a rejected refund: no refund money, and the order goes on its way', async () => {
    const order = orderFixture('PAID', { refund: refundFixture('REJECTED') });
    await renderDetail([
      detailMock(order, [
        step('PENDING', '不想要了', '2024-01-04T00:00:00.000Z'),
        step('REJECTED', '已发出', '2024-01-05T00:00:00.000Z'),
      ]),
    ]);
    expect(await timelineSteps()).toEqual([
      ['已下单', true],
      ['已付款', true],
      ['申请退款', true],
      ['退款被拒绝', true],
      ['已发货', false],
      ['已收货', false],
    ]);
    expect(amounts().queryByText('退款金额')).toBeNull();
    expect(amounts().queryByText('¥275.00')).toBeNull();
  });

  it('a refund after receipt comes after the receipt, in the order things happened', async () => {
    const order = orderFixture('COMPLETE', { refund: refundFixture('PENDING') });
    await renderDetail([detailMock(order, [step('PENDING', '坏了', '2024-01-04T00:00:00.000Z')])]);
    expect(await timelineSteps()).toEqual([
      ['已下单', true],
      ['已付款', true],
      ['已发货', true],
      ['已收货', true],
      ['申请退款', true],
    ]);
  });

  it('shipped: the courier and the waybill number, which copies', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    await renderDetail([detailMock(orderFixture('RECEIVED'))]);
    expect(await screen.findByTestId('order-courier')).toHaveTextContent('顺丰速运');
    expect(screen.getByTestId('order-waybill')).toHaveTextContent('SF1234567890');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: '复制运单号' }));
    expect(writeText).toHaveBeenCalledWith('SF1234567890');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
  });

  it('shipped before couriers were recorded, or not shipped: no courier shown', async () => {
    await renderDetail([detailMock(orderFixture('RECEIVED', { shipment: null }))]);
    expect(await screen.findByTestId('order-no')).toBeInTheDocument();
    expect(screen.queryByTestId('order-courier')).toBeNull();
    expect(screen.queryByRole('button', { name: '复制运单号' })).toBeNull();
  });

  it('in English: the courier label and the copy button', async () => {
    const order = orderFixture('RECEIVED', {
      shipment: { __typename: 'Shipment', courierName: 'SF Express', waybillNo: 'SF1234567890' },
    });
    await renderDetail([detailMock(order)], 'en-GB');
    expect(await screen.findByText('Courier')).toBeInTheDocument();
    expect(screen.getByTestId('order-courier')).toHaveTextContent('SF Express');
    expect(screen.getByRole('button', { name: 'Copy the waybill number' })).toBeInTheDocument();
  });

  it("copies the order number: '复制成功', and '复制失败' when the browser refuses", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    await renderDetail([detailMock(orderFixture('PAID'))]);
    const copy = await screen.findByRole('button', { name: '复制订单编号' });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('SO20240101000012');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    await user.click(copy);
    expect(await screen.findByText('复制失败')).toBeInTheDocument();
  });

  it('in English: amounts, plural items and shop times', async () => {
    await renderDetail([detailMock(orderFixture('PAID', { totalQuantity: 1 }))], 'en-GB');
    expect(await screen.findByRole('heading', { name: 'Order details' })).toBeInTheDocument();
    await waitFor(() => expect(amounts().getByText('Amount paid')).toBeInTheDocument());
    expect(amounts().getByText('1 item')).toBeInTheDocument();
    expect(amounts().getByText('Paid at').nextElementSibling).toHaveTextContent('01/01/2024 08:05:00');
  });

  it('says when the order does not exist', async () => {
    await renderDetail([
      {
        request: { query: OrderDetailPageDocument, variables: { id: '12' } },
        result: { data: { order: null }, errors: [gatewayError('NOT_FOUND', 'Not found')] },
      },
    ]);
    expect(await screen.findByText('订单不存在')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重试/ })).toBeNull();
  });

  it('shows the skeleton while the order loads', async () => {
    startTestClock();
    await renderDetail([{ ...detailMock(orderFixture('PAID')), delay: 300 }]);
    expect(routeSkeleton()).toBeInTheDocument();
    await elapse(300);
    expect(await screen.findByTestId('order-no')).toBeInTheDocument();
    expect(routeSkeleton()).toBeNull();
  });

  it('offers a retry when the order cannot be loaded, and asks again', async () => {
    const user = userEvent.setup();
    await renderDetail([
      {
        request: { query: OrderDetailPageDocument, variables: { id: '12' } },
        result: { errors: [gatewayError('UPSTREAM_ERROR', '服务繁忙')] },
      },
      detailMock(orderFixture('PAID')),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('服务繁忙');
    await retry(user, alert);
    expect(await screen.findByTestId('order-no')).toHaveTextContent('SO20240101000012');
  });
});
