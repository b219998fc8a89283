import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AddressFormAreasDocument,
  ConfirmOrderPageDocument,
  CreateAddressDocument,
  PlaceOrderDocument,
} from '../../web/src/__generated__/graphql.ts';
import { browser } from '../../web/src/features/checkout/useStartPayment.ts';
import ConfirmOrderPage from '../../web/src/pages/order/ConfirmOrderPage.tsx';
import { elapse, startTestClock } from './clock.ts';
import { paymentOrder, startPaymentMock } from './order-fixtures.ts';
import { renderRouteScreen, renderShopperScreen, retry, routeSkeleton } from './route-screen.tsx';
import { cart, gatewayError, money } from './shop-fixtures.ts';
import { signedIn } from './shop-render.tsx';

const address = (id: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Address',
  id,
  recipient: '张三',
  phone: '13800000000',
  city: '广东省 广州市',
  cityCode: '440100',
  provinceCode: '440000',
  detail: '天河路 1 号',
  isDefault: false,
  ...extra,
});

const preview = {
  __typename: 'OrderPreview',
  items: [
    {
      __typename: 'OrderPreviewItem',
      productId: '11',
      cartLineId: '1',
      name: '蓝牙耳机',
      featuredImage: {
        __typename: 'Image',
        src: '/img/11.svg',
        width: 400,
        height: 400,
        altText: '蓝牙耳机',
      },
      quantity: 2,
      unitPrice: money(29900),
      amount: money(59800),
    },
  ],
  totalQuantity: 2,
  productAmount: money(59800),
  shippingFee: money(0),
  payableAmount: money(59800),
};

const paymentMethods = [
  { __typename: 'PaymentMethodOption', code: 'LPAY', enabled: true },
  { __typename: 'PaymentMethodOption', code: 'STRIPE', enabled: false },
  { __typename: 'PaymentMethodOption', code: 'WKPAY', enabled: false },
];

const pageMock = (addresses: unknown[], methods: unknown[] = paymentMethods) => ({
  request: { query: ConfirmOrderPageDocument, variables: { input: { cartLineIds: ['1'] } } },
  result: {
    data: {
      orderPreview: preview,
      addresses,
      config: { __typename: 'ShopConfig', paymentMethods: methods },
    },
  },
});

/** Two methods on offer: nothing is preselected. */
const twoMethods = paymentMethods.map((option) => ({ ...option, enabled: option.code !== 'WKPAY' }));

const order = paymentOrder();

function render(mocks: unknown[], locale: 'zh-CN' | 'en-GB' = 'zh-CN') {
  return renderShopperScreen(<ConfirmOrderPage />, '/order/confirm?lines=1', '/order/confirm', {
    skeleton: 'list',
    mocks,
    locale,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('confirm order', () => {
  it('shows the items and amounts, lpay offered and the others disabled', async () => {
    await render([pageMock([address('5', { isDefault: true })])]);
    expect(await screen.findByText('蓝牙耳机')).toBeInTheDocument();
    expect(screen.getByTestId('payable')).toHaveTextContent('¥598.00');
    expect(screen.getByRole('radio', { name: 'LPay 支付' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: /Stripe/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /WKPay/ })).toBeDisabled();
    // lpay, the only method on offer, is chosen already
    expect(screen.getByRole('radio', { name: 'LPay 支付' })).toBeChecked();
    // the default address is chosen
    expect(within(screen.getByTestId('address-5')).getByRole('radio')).toBeChecked();
  });

  it("requires an address: '请选择收货地址!'", async () => {
    const user = userEvent.setup();
    await render([pageMock([])]);
    await user.click(await screen.findByRole('button', { name: '提交订单' }));
    expect(screen.getAllByText('请选择收货地址!').length).toBeGreaterThan(0);
    expect(screen.getByText('还没有收货地址，请先新增')).toBeInTheDocument();
  });

  it("requires a payment method: '请选择支付方式!' (and in English)", async () => {
    const user = userEvent.setup();
    const { unmount } = await render([pageMock([address('5', { isDefault: true })], twoMethods)]);
    await user.click(await screen.findByRole('button', { name: '提交订单' }));
    expect(screen.getAllByText('请选择支付方式!').length).toBeGreaterThan(0);
    expect(screen.queryByText('请选择收货地址!')).not.toBeInTheDocument();
    unmount();

    await render([pageMock([], twoMethods)], 'en-GB');
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(screen.getAllByText('Please select the delivery address!').length).toBeGreaterThan(0);
    expect(screen.getByText('Please select the payment method!')).toBeInTheDocument();
  });

  it('places the order once on a double click, then goes to the lpay page', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const placed: string[] = [];
    await render([
      pageMock([address('5', { isDefault: true })]),
      {
        request: {
          query: PlaceOrderDocument,
          variables: (vars: { input: { requestId: string } }) => {
            placed.push(vars.input.requestId);
            return true;
          },
        },
        result: {
          data: { placeOrder: { __typename: 'PlaceOrderPayload', userErrors: [], order, cart: cart([]) } },
        },
        delay: 200,
        maxUsageCount: 5,
      },
      startPaymentMock('http://127.0.0.1/service/pay/lpay/checkout/tok'),
    ]);
    await user.click(await screen.findByRole('radio', { name: 'LPay 支付' }));
    const submit = screen.getByRole('button', { name: '提交订单' });
    await user.dblClick(submit);
    await user.click(submit);
    expect(submit).toBeDisabled();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://127.0.0.1/service/pay/lpay/checkout/tok'),
    );
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('adds an address in place: required on blur, mainland mobile check, then chosen', async () => {
    const user = userEvent.setup();
    const saved = address('9', {
      recipient: '李四',
      phone: '13912345678',
      city: '北京市',
      cityCode: '110100',
      provinceCode: '110000',
      detail: '长安街 2 号',
      isDefault: true,
    });
    await render([
      pageMock([]),
      {
        request: { query: AddressFormAreasDocument },
        result: {
          data: {
            areas: [
              {
                __typename: 'Area',
                value: '110000',
                label: '北京市',
                children: [{ __typename: 'Area', value: '110100', label: '北京市' }],
              },
            ],
          },
        },
      },
      {
        request: {
          query: CreateAddressDocument,
          variables: {
            input: {
              recipient: '李四',
              phone: '13912345678',
              city: '北京市',
              // The code is what the service keeps: the address then reads in each reader's language.
              cityCode: '110100',
              detail: '长安街 2 号',
              isDefault: true,
            },
          },
        },
        result: {
          data: {
            createAddress: {
              __typename: 'SaveAddressPayload',
              userErrors: [],
              address: saved,
              addresses: [saved],
            },
          },
        },
      },
    ]);
    await user.click(await screen.findByRole('link', { name: '+ 新增收货地址' }));
    const dialog = screen.getByRole('dialog', { name: '新增收货地址' });
    const recipient = within(dialog).getByRole('textbox', { name: /收货人/ });
    await user.click(recipient);
    await user.tab();
    expect(within(dialog).getByText('收货人 不能为空')).toBeInTheDocument();
    await user.type(recipient, '   ');
    await user.tab();
    expect(within(dialog).getByText('请输入内容')).toBeInTheDocument();
    await user.clear(recipient);
    await user.type(recipient, '李四');

    const phone = within(dialog).getByRole('textbox', { name: /手机号码/ });
    await user.type(phone, '12345');
    await user.tab();
    expect(within(dialog).getByText('请输入正确的手机号码')).toBeInTheDocument();
    // Pasted as people write it: accepted, and saved as the 11 digits.
    await user.clear(phone);
    await user.paste('+86 139 1234 5678');
    await user.tab();
    expect(within(dialog).queryByText('请输入正确的手机号码')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('所在城市 不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('详细地址 不能为空')).toBeInTheDocument();

    await waitFor(() =>
      expect(within(dialog).getAllByRole('option', { name: '北京市' }).length).toBeGreaterThan(0),
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /省份/ }), '110000');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /所在城市/ }), '110100');
    await user.type(within(dialog).getByRole('textbox', { name: /详细地址/ }), '长安街 2 号');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('address-9')).getByRole('radio')).toBeChecked();
    // the dialog's form is its own: saving never sent the order's form around it
    expect(screen.queryByText('请选择收货地址!')).not.toBeInTheDocument();
  });

  it('says there is nothing to check out without lines or a product', async () => {
    await renderRouteScreen(<ConfirmOrderPage />, {
      route: '/order/confirm',
      path: '/order/confirm',
      session: signedIn,
    });
    expect(screen.getByText('没有要结算的商品')).toBeInTheDocument();
  });

  it('shows the skeleton while the preview loads, then the form', async () => {
    startTestClock();
    await render([{ ...pageMock([address('5', { isDefault: true })]), delay: 300 }]);
    expect(routeSkeleton()).toBeInTheDocument();
    await elapse(300);
    expect(await screen.findByText('蓝牙耳机')).toBeInTheDocument();
    expect(routeSkeleton()).toBeNull();
  });

  it("shows the service's refusal of the preview with a retry that asks again", async () => {
    const user = userEvent.setup();
    await render([
      {
        request: { query: ConfirmOrderPageDocument, variables: { input: { cartLineIds: ['1'] } } },
        result: { errors: [gatewayError('BAD_USER_INPUT', '蓝牙耳机 库存不足', 'order.insufficientStock')] },
      },
      pageMock([address('5', { isDefault: true })]),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('蓝牙耳机 库存不足');
    expect(screen.queryByRole('button', { name: '提交订单' })).not.toBeInTheDocument();
    await retry(user, alert);
    expect(await screen.findByRole('button', { name: '提交订单' })).toBeInTheDocument();
  });
});
