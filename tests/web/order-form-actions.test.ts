/**
 * The order page's server action (web/src/app/form-actions/orders.ts), which runs an order's
 * forms sent without JavaScript: pay starts the payment and goes to the provider's page, cancel
 * and receipt run their mutation and go back where the form came from, a refund needs its reason.
 * And the confirm page's action lands on the provider's page whichever of the shop's origins the
 * gateway made its address absolute on.
 */
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { ActionFunctionArgs } from 'react-router-dom';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { confirmOrderAction } from '../../web/src/app/form-actions/checkout.ts';
import { acceptsFormAt } from '../../web/src/app/form-actions/index.ts';
import { orderAction } from '../../web/src/app/form-actions/orders.ts';
import { routes } from '../../web/src/app/routes.tsx';

const ORIGIN = 'http://127.0.0.1:4000';
/** The gateway's PUBLIC_ORIGIN, another name of the same shop. */
const PUBLIC = 'http://localhost:4000';

interface Sent {
  operationName: string;
  variables: Record<string, unknown>;
}

type Answers = Record<string, unknown>;

function client(sent: Sent[], answers: Answers, signedIn = true): ApolloClient {
  const all: Answers = {
    Session: {
      session: {
        __typename: 'Session',
        id: 'session',
        isAuthenticated: signedIn,
        defaultPassword: false,
        viewer: null,
      },
    },
    ...answers,
  };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push({ operationName: operation.operationName ?? '', variables: operation.variables });
        observer.next({ data: all[operation.operationName ?? ''] as Record<string, unknown> });
        observer.complete();
      }),
  );
  return new ApolloClient({ link, cache: new InMemoryCache() });
}

const payment = (payUrl: string | null, userErrors: unknown[] = []) => ({
  StartPayment: {
    startPayment: { __typename: 'StartPaymentPayload', payUrl, expiresAt: null, order: null, userErrors },
  },
});
const accepted = (field: string, typename: string) => ({
  [field]: { __typename: typename, order: null, afterSales: [], userErrors: [] },
});
const ANSWERS: Answers = {
  ...payment(`${PUBLIC}/service/pay/lpay/checkout/t0k`),
  CancelOrder: accepted('cancelOrder', 'CancelOrderPayload'),
  ConfirmReceipt: accepted('confirmReceipt', 'ConfirmReceiptPayload'),
  ApplyRefund: accepted('applyRefund', 'ApplyRefundPayload'),
};

async function send(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  apollo: ApolloClient,
  params: Record<string, string> = {},
) {
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
  return (await action({
    request,
    params,
    context: { client: apollo },
  } as ActionFunctionArgs)) as Response & {
    init?: { status: number };
    data?: { form: string; rules: Record<string, string>; message?: string };
  };
}

const mutations = (sent: Sent[]) => sent.filter((entry) => entry.operationName !== 'Session');
const order = (fields: Record<string, string>, sent: Sent[], answers: Answers = ANSWERS, signedIn = true) =>
  send(orderAction, '/user/center/orders/8', fields, client(sent, answers, signedIn), { orderId: '8' });

describe('the order page action', () => {
  it('is a page that takes a form', () => {
    expect(acceptsFormAt(routes, '/user/center/orders/8')).toBe(true);
  });

  it('pays: starts the payment and goes to the provider’s page on the origin the shopper is on', async () => {
    const sent: Sent[] = [];
    const answer = await order({ intent: 'pay', method: 'LPAY' }, sent);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/service/pay/lpay/checkout/t0k');
    expect(mutations(sent)).toEqual([
      { operationName: 'StartPayment', variables: { input: { orderId: '8', method: 'LPAY' } } },
    ]);
  });

  it('shows the order again with the refusal when paying cannot start', async () => {
    const sent: Sent[] = [];
    const refused = payment(null, [
      { __typename: 'UserError', code: 'ORDER_EXPIRED', field: null, message: '订单已过期' },
    ]);
    const answer = await order({ intent: 'pay' }, sent, { ...ANSWERS, ...refused });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ form: 'order', message: '订单已过期' });
  });

  it.each([
    ['cancel', 'CancelOrder'],
    ['receive', 'ConfirmReceipt'],
  ])('%s runs %s and goes back to the list it was asked from', async (intent, operationName) => {
    const sent: Sent[] = [];
    const answer = await order({ intent, redirect: '/user/center/orders?status=PENDING' }, sent);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/user/center/orders?status=PENDING');
    expect(mutations(sent)).toEqual([{ operationName, variables: { input: { orderId: '8' } } }]);
  });

  it('goes to the order when the form names no place, or another site', async () => {
    const answer = await order({ intent: 'cancel', redirect: '//evil.example/' }, []);
    expect(answer.headers.get('location')).toBe('/user/center/orders/8');
  });

  it('applies for a refund only with a reason: none is refused with the rule, running nothing', async () => {
    const sent: Sent[] = [];
    const blank = await order({ intent: 'refund', reason: '   ' }, sent);
    expect(blank.init?.status).toBe(400);
    expect(blank.data?.form).toBe('refund');
    expect(Object.keys(blank.data?.rules ?? {})).toEqual(['reason']);
    expect(mutations(sent)).toEqual([]);

    const answer = await order({ intent: 'refund', reason: '尺码不合适' }, sent);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/user/center/orders/8');
    expect(mutations(sent)).toEqual([
      { operationName: 'ApplyRefund', variables: { input: { orderId: '8', reason: '尺码不合适' } } },
    ]);
  });

  it('sends a visitor to log in first, running nothing', async () => {
    const sent: Sent[] = [];
    const answer = await order({ intent: 'cancel' }, sent, ANSWERS, false);
    expect(answer.headers.get('location')).toBe('/login?redirect=%2Fuser%2Fcenter%2Forders%2F8');
    expect(mutations(sent)).toEqual([]);
  });
});

describe('the confirm page action', () => {
  it('goes to the provider’s page when the gateway named it on another of the shop’s origins', async () => {
    const sent: Sent[] = [];
    const placed = {
      PlaceOrder: {
        placeOrder: {
          __typename: 'PlaceOrderPayload',
          order: {
            __typename: 'Order',
            id: '8',
            orderNo: 'N8',
            status: 'PENDING',
            paymentStatus: 'PENDING',
            paymentMethod: 'LPAY',
            paymentDeadline: null,
            payableAmount: null,
          },
          cart: null,
          userErrors: [],
        },
      },
    };
    const answer = await send(
      confirmOrderAction,
      '/order/confirm?productId=7&quantity=1',
      { addressId: '9', 'payment-method': 'LPAY', requestId: 'r1' },
      client(sent, { ...ANSWERS, ...placed }),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/service/pay/lpay/checkout/t0k');
  });
});
