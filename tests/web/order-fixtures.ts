/**
 * Orders as the gateway answers them (OrderDetail_order selection) and the server's button list,
 * for the shopper's order screens.
 */
import type { MockLink } from '@apollo/client/testing';
import { StartPaymentDocument, ViewerButtonsDocument } from '../../web/src/__generated__/graphql.ts';
import { money } from './shop-fixtures.ts';

export const ALL_ORDER_BUTTONS = [
  'order:pay',
  'order:cancel',
  'order:receive',
  'order:refund',
  'order:after-sales',
];

/** The server's button list (permission codes, docs/product.md "Server menus") for the signed-in shopper. */
export function buttonsMock(buttons: string[] = ALL_ORDER_BUTTONS): MockLink.MockedResponse {
  return {
    request: { query: ViewerButtonsDocument },
    maxUsageCount: Number.POSITIVE_INFINITY,
    result: { data: { resources: { __typename: 'Resources', buttons } } },
  };
}

type Status = 'PENDING' | 'PAID' | 'RECEIVED' | 'COMPLETE' | 'CANCEL';

const ACTIONS: Record<Status, [boolean, boolean, boolean, boolean]> = {
  PENDING: [true, true, false, false],
  PAID: [false, false, false, true],
  RECEIVED: [false, false, true, true],
  COMPLETE: [false, false, false, true],
  CANCEL: [false, false, false, false],
};

/** An order in `status` with the actions the service allows there; overrides win. */
export function orderFixture(status: Status, overrides: Record<string, unknown> = {}) {
  const paid = status !== 'PENDING' && status !== 'CANCEL';
  const [canPay, canCancel, canReceive, canRefund] = ACTIONS[status];
  return {
    __typename: 'Order' as const,
    id: '12',
    orderNo: 'SO20240101000012',
    status,
    paymentStatus: paid ? 'PAID' : status === 'CANCEL' ? 'CANCEL' : 'PENDING',
    paymentMethod: 'LPAY',
    createdAt: '2024-01-01T00:00:00.000Z',
    paymentDeadline: '2024-01-01T00:30:00.000Z',
    totalQuantity: 2,
    payableAmount: money(123450),
    paidAmount: money(paid ? 123450 : 0),
    productAmount: money(123450),
    shippingFee: money(0),
    paidAt: paid ? '2024-01-01T00:05:00.000Z' : null,
    shippedAt: status === 'RECEIVED' || status === 'COMPLETE' ? '2024-01-02T01:00:00.000Z' : null,
    receivedAt: status === 'COMPLETE' ? '2024-01-03T02:00:00.000Z' : null,
    cancelledAt: status === 'CANCEL' ? '2024-01-01T00:10:00.000Z' : null,
    cancelReason: status === 'CANCEL' ? 'shopper' : null,
    address: {
      __typename: 'AddressSnapshot' as const,
      recipient: '张三',
      phone: '13800000000',
      city: '广东省 深圳市',
      detail: '南山区科技园 1 号',
    },
    items: [
      {
        __typename: 'OrderItem' as const,
        id: '1',
        productId: '5',
        name: '蓝牙耳机',
        featuredImage: {
          __typename: 'Image' as const,
          src: '/service/static/p5.png',
          width: 400,
          height: 400,
          altText: '蓝牙耳机',
        },
        quantity: 2,
        unitPrice: money(61725),
        amount: money(123450),
      },
    ],
    actions: { __typename: 'OrderActions' as const, canPay, canCancel, canReceive, canRefund },
    refund: null as null | Record<string, unknown>,
    shipment:
      status === 'RECEIVED' || status === 'COMPLETE'
        ? { __typename: 'Shipment' as const, courierName: '顺丰速运', waybillNo: 'SF1234567890' }
        : null,
    ...overrides,
  };
}

/** A refund application on an order (OrderDetail_order's selection of Refund). */
export function refundFixture(reviewStatus: 'PENDING' | 'PASSED' | 'REJECTED') {
  return {
    __typename: 'Refund' as const,
    id: '3',
    reason: '不想要了',
    remark: reviewStatus === 'PENDING' ? '' : '同意退款',
    reviewStatus,
    amount: money(123450),
    createdAt: '2024-01-04T00:00:00.000Z',
    reviewedAt: reviewStatus === 'PENDING' ? null : '2024-01-05T00:00:00.000Z',
  };
}

/** Order 42 as paying it reads it (PaymentOrder_order): pending, payable ¥598.00, unless overridden. */
export function paymentOrder(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Order',
    id: '42',
    orderNo: 'SO2024000042',
    status: 'PENDING',
    paymentStatus: 'PENDING',
    paymentMethod: 'LPAY',
    paymentDeadline: '2099-01-01T00:00:00.000Z',
    payableAmount: money(59800),
    ...overrides,
  };
}

/** The gateway starting an lpay payment of order 42, whose hosted page is at `payUrl`. */
export function startPaymentMock(payUrl: string) {
  return {
    request: { query: StartPaymentDocument, variables: { input: { orderId: '42', method: 'LPAY' } } },
    result: {
      data: {
        startPayment: {
          __typename: 'StartPaymentPayload',
          userErrors: [],
          payUrl,
          expiresAt: '2099-01-01T00:00:00.000Z',
          order: {
            __typename: 'Order',
            id: '42',
            status: 'PENDING',
            paymentStatus: 'PENDING',
            paymentMethod: 'LPAY',
          },
        },
      },
    },
  };
}
