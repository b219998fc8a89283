/**
 * The order screens' controls are forms that work without JavaScript (app/form-actions/orders.ts
 * takes them): 去支付 posts `intent=pay` to the order's page; 取消订单, 确认收货 and 申请退款 open the
 * order page's confirmation step (`?confirm=`, with the page they were asked from); 售后进度 opens
 * the order page's after-sales section; the confirmation step is a form with its question; the
 * status tabs are links; the language switcher is a form to the page server.
 */
import { LANGUAGE_FORM_PATH } from '@shop/common/locale.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  OrderActionBar_OrderFragmentDoc,
  OrderDetail_OrderFragmentDoc,
  OrdersPanelDocument,
} from '../../web/src/__generated__/graphql.ts';
import { createCache } from '../../web/src/app/type-policies.ts';
import { OrderActionBar } from '../../web/src/features/order/OrderActionBar.tsx';
import { OrderConfirmStep } from '../../web/src/features/order/OrderConfirmStep.tsx';
import { LocaleSwitcher } from '../../web/src/i18n/LocaleSwitcher.tsx';
import { OrdersPanel } from '../../web/src/pages/user-center/OrdersPanel.tsx';
import { buttonsMock, orderFixture, refundFixture } from './order-fixtures.ts';
import { renderRouteScreen } from './route-screen.tsx';
import { renderShop, signedIn } from './shop-render.tsx';

type AnyOrder = ReturnType<typeof orderFixture>;

function cacheWith(order: AnyOrder) {
  const cache = createCache();
  cache.writeFragment({ fragment: OrderActionBar_OrderFragmentDoc, data: order as never });
  return cache;
}

const formOf = (button: HTMLElement) => button.closest('form') as HTMLFormElement;
const fields = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form).entries()].map(([name, value]) => [name, String(value)]));

describe('an order’s actions without JavaScript', () => {
  it('去支付 posts intent=pay to the order; the others open its confirmation step, from the list', async () => {
    const order = orderFixture('PENDING', { id: '8' });
    renderShop(<OrderActionBar order={{ __typename: 'Order', id: '8' }} />, {
      session: signedIn,
      mocks: [buttonsMock()],
      cache: cacheWith(order),
      route: '/user/center/orders?status=PENDING',
    });
    const pay = formOf(await screen.findByRole('button', { name: '去支付' }));
    expect(pay).toHaveAttribute('method', 'post');
    expect(pay).toHaveAttribute('action', '/user/center/orders/8');
    expect(fields(pay)).toEqual({ intent: 'pay', method: 'LPAY' });
    expect(screen.getByRole('button', { name: '去支付' })).toHaveAttribute('type', 'submit');

    const cancel = formOf(screen.getByRole('button', { name: '取消订单' }));
    expect(cancel).toHaveAttribute('method', 'get');
    expect(cancel).toHaveAttribute('action', '/user/center/orders/8');
    expect(fields(cancel)).toEqual({ confirm: 'cancel', redirect: '/user/center/orders?status=PENDING' });
  });

  it('确认收货 and 申请退款 open their steps; 售后进度 the after-sales section', async () => {
    const shipped = orderFixture('RECEIVED', { id: '9', refund: refundFixture('REJECTED') });
    renderShop(<OrderActionBar order={{ __typename: 'Order', id: '9' }} />, {
      session: signedIn,
      mocks: [buttonsMock()],
      cache: cacheWith(shipped),
      route: '/user/center/orders/9',
    });
    const receive = formOf(await screen.findByRole('button', { name: '确认收货' }));
    // on the order's own page there is nowhere else to go back to
    expect(fields(receive)).toEqual({ confirm: 'receive' });
    expect(fields(formOf(screen.getByRole('button', { name: '申请退款' })))).toEqual({ confirm: 'refund' });
    const afterSales = formOf(screen.getByRole('button', { name: '售后进度' }));
    expect(afterSales).toHaveAttribute('action', '/user/center/orders/9#order-after-sales');
  });
});

describe('the order page’s confirmation step', () => {
  const render = (
    order: AnyOrder,
    step: 'cancel' | 'receive' | 'refund',
    locale: 'zh-CN' | 'en-GB' = 'en-GB',
  ) => {
    const cache = createCache();
    cache.writeFragment({
      fragment: OrderDetail_OrderFragmentDoc,
      fragmentName: 'OrderDetail_order',
      data: order as never,
    });
    return renderShop(
      <OrderConfirmStep
        order={{ __typename: 'Order', id: order.id }}
        step={step}
        back="/user/center/orders"
      />,
      {
        locale,
        session: signedIn,
        mocks: [buttonsMock()],
        cache,
        route: `/user/center/orders/${order.id}?confirm=${step}`,
      },
    );
  };

  it("asks 'Confirm to cancel the order?' with a form that cancels and a way back", async () => {
    render(orderFixture('PENDING', { id: '8' }), 'cancel');
    await screen.findByRole('heading', { name: 'Confirm to cancel the order?' });
    const form = formOf(screen.getByRole('button', { name: 'Cancel order' }));
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/user/center/orders/8');
    expect(fields(form)).toEqual({ intent: 'cancel', redirect: '/user/center/orders' });
    expect(screen.getByRole('link', { name: 'Keep order' })).toHaveAttribute('href', '/user/center/orders');
  });

  it('asks in Chinese too: 确认已收到商品吗？ with 确认收货 / 再想想', async () => {
    render(orderFixture('RECEIVED', { id: '9' }), 'receive', 'zh-CN');
    await screen.findByRole('heading', { name: '确认已收到商品吗？' });
    expect(fields(formOf(screen.getByRole('button', { name: '确认收货' })))).toMatchObject({
      intent: 'receive',
    });
    expect(screen.getByRole('link', { name: '再想想' })).toBeInTheDocument();
  });

  it('applies for a refund with a form that carries its reason', async () => {
    render(orderFixture('PAID', { id: '10' }), 'refund');
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('name', 'reason');
    const form = formOf(reason);
    expect(form).toHaveAttribute('method', 'post');
    // sent to the step's own address: a refused reason comes back on it
    expect(form).toHaveAttribute('action', '/user/center/orders/10?confirm=refund');
    expect(fields(form)).toEqual({ intent: 'refund', redirect: '/user/center/orders', reason: '' });
  });

  it('shows the order’s actions instead when the order does not allow the step', async () => {
    // a paid order cannot be cancelled any more: its own actions show, no question
    render(orderFixture('PAID', { id: '11' }), 'cancel');
    await screen.findByRole('button', { name: 'Apply for refund' });
    expect(screen.queryByRole('heading', { name: 'Confirm to cancel the order?' })).toBeNull();
  });
});

describe('the status tabs', () => {
  it('are links with their ?status=', async () => {
    await renderRouteScreen(<OrdersPanel />, {
      session: signedIn,
      route: '/user/center/orders?status=PAID&page=2',
      path: '/user/center/:menuKey',
      mocks: [
        {
          request: {
            query: OrdersPanelDocument,
            variables: { status: 'PAID', page: { pageNum: 2, pageSize: 15 } },
          },
          result: {
            data: { orders: { __typename: 'OrderPage', records: [], total: 0, pageNum: 2, pageSize: 15 } },
          },
        },
        buttonsMock(),
      ],
    });
    expect(await screen.findByRole('tab', { name: '待付款' })).toHaveAttribute(
      'href',
      '/user/center/orders?status=PENDING',
    );
    expect(screen.getByRole('tab', { name: '全部' })).toHaveAttribute('href', '/user/center/orders');
    expect(screen.getByRole('tab', { name: '待发货' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the language switcher', () => {
  it('is a form to the page server with the language and the page to come back to', () => {
    renderShop(<LocaleSwitcher />, { route: '/category/search-result?keyword=手机&lang=zh-CN' });
    const select = screen.getByRole('combobox', { name: '切换语言' });
    const form = formOf(select);
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', LANGUAGE_FORM_PATH);
    expect(select).toHaveAttribute('name', 'locale');
    expect(fields(form)).toMatchObject({ locale: 'zh-CN' });
    expect(fields(form).redirect).toMatch(/^\/category\/search-result\?keyword=/);
  });
});
