import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayResultPageDocument } from '../../web/src/__generated__/graphql.ts';
import { browser } from '../../web/src/features/checkout/useStartPayment.ts';
import PayResultPage, { POLL_INTERVAL_MS } from '../../web/src/pages/order/PayResultPage.tsx';
import { elapse, userWithClock, useTestClock } from './clock.ts';
import { paymentOrder, startPaymentMock } from './order-fixtures.ts';
import { renderShopperScreen, routeSkeleton } from './route-screen.tsx';
import { money } from './shop-fixtures.ts';

function result(state: 'pending' | 'paid' | 'expired' | 'cancelled', deadline = '2099-01-01T00:00:00.000Z') {
  const paid = state === 'paid';
  const cancelled = state === 'expired' || state === 'cancelled';
  return {
    __typename: 'PaymentResult',
    orderId: '42',
    orderStatus: paid ? 'PAID' : cancelled ? 'CANCEL' : 'PENDING',
    paymentStatus: paid ? 'PAID' : cancelled ? 'CANCEL' : 'PENDING',
    paidAmount: money(paid ? 123456 : 0),
    paidAt: paid ? '2024-03-05T06:07:09.000Z' : null,
    order: paymentOrder({
      status: paid ? 'PAID' : cancelled ? 'CANCEL' : 'PENDING',
      paymentStatus: paid ? 'PAID' : cancelled ? 'CANCEL' : 'PENDING',
      paymentDeadline: deadline,
      cancelReason: state === 'expired' ? 'expired' : state === 'cancelled' ? 'shopper' : null,
      payableAmount: money(123456),
    }),
  };
}

const mock = (value: unknown) => ({
  request: { query: PayResultPageDocument, variables: { orderId: '42' } },
  result: { data: { paymentResult: value } },
});

const open = (
  mocks: unknown[],
  locale: 'zh-CN' | 'en-GB' = 'zh-CN',
  route = '/order/pay-result?orderId=42',
) => renderShopperScreen(<PayResultPage />, route, '/order/pay-result', { mocks, locale });

afterEach(() => vi.restoreAllMocks());
// polling and its window run on timers: the clock jumps instead of the test waiting
useTestClock();

describe('payment result', () => {
  it('says at once that the shopper cancelled on the lpay page (cancelled=1), without polling', async () => {
    const asked = vi.fn(() => ({ data: { paymentResult: result('pending') } }));
    await open(
      [
        {
          request: { query: PayResultPageDocument, variables: { orderId: '42' } },
          result: asked,
          maxUsageCount: 10,
        },
      ],
      'en-GB',
      '/order/pay-result?orderId=42&cancelled=1',
    );
    await waitFor(() =>
      expect(screen.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'payCancelled'),
    );
    expect(screen.getByText('You cancelled the payment')).toBeInTheDocument();
    // the deadline in the shop's time zone (Asia/Shanghai)
    expect(screen.getByTestId('pay-result')).toHaveTextContent('01/01/2099 08:00:00');
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order details' })).toHaveAttribute(
      'href',
      '/user/center/orders/42',
    );
    await elapse(2 * POLL_INTERVAL_MS);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('polls while the payment is pending and shows the paid outcome', async () => {
    await open([mock(result('pending')), mock(result('pending')), mock(result('paid'))]);
    await waitFor(() => expect(screen.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'pending'));
    expect(screen.getByTestId('pay-result')).toHaveTextContent('等待支付结果…');
    await elapse(2 * POLL_INTERVAL_MS);
    await waitFor(() => expect(screen.getByTestId('pay-result')).toHaveAttribute('data-outcome', 'paid'));
    expect(screen.getByText('支付成功')).toBeInTheDocument();
    expect(screen.getByText('SO2024000042')).toBeInTheDocument();
    expect(screen.getAllByText(/¥1,234\.56/).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: '查看我的订单' })).toHaveAttribute('href', '/user/center/orders');
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
  });

  it('stops polling once the outcome is known', async () => {
    const asked = vi.fn();
    await open([
      {
        request: { query: PayResultPageDocument, variables: { orderId: '42' } },
        result: () => {
          asked();
          return { data: { paymentResult: result('paid') } };
        },
        maxUsageCount: 10,
      },
    ]);
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    await elapse(2 * POLL_INTERVAL_MS);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it("handles an expired payment: '支付链接已过期！'", async () => {
    await open([mock(result('expired', '2020-01-01T00:00:00.000Z'))]);
    expect(await screen.findByText('支付链接已过期！')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '继续支付' })).not.toBeInTheDocument();
  });

  it('treats a pending order past its deadline as expired, in English', async () => {
    await open([mock(result('pending', '2020-01-01T00:00:00.000Z'))], 'en-GB');
    expect(await screen.findByText('Payment link expired!')).toBeInTheDocument();
  });

  it('offers to pay a pending order again on the lpay page', async () => {
    const user = userWithClock();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    await open([
      { ...mock(result('pending')), maxUsageCount: 20 },
      startPaymentMock('http://127.0.0.1/service/pay/lpay/checkout/again'),
    ]);
    await user.click(await screen.findByRole('button', { name: '继续支付' }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1/service/pay/lpay/checkout/again'),
    );
  });

  it("says 'id缺失！' without an order id", async () => {
    await open([], 'zh-CN', '/order/pay-result');
    expect(screen.getByText('id缺失！')).toBeInTheDocument();
  });

  it('shows the paid outcome in English', async () => {
    await open([mock(result('paid'))], 'en-GB');
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(screen.getByText('Amount paid')).toBeInTheDocument();
  });

  it('shows its own waiting card while the first answer loads, not the route skeleton', async () => {
    await open([{ ...mock(result('paid')), delay: 300 }]);
    expect(routeSkeleton()).toBeNull();
    expect(screen.getByText('等待支付结果…').closest('[aria-busy="true"]')).toBeInTheDocument();
    await elapse(300);
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
  });
});
