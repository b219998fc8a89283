/**
 * The cart's and the confirm page's server actions (web/src/app/form-actions/), which run the
 * forms sent without JavaScript: each cart button's field leads to its mutation and back to the
 * cart; the confirm form places the order with the cart lines of its address, the chosen address,
 * payment method and the page's requestId, then sends the shopper to the payment page.
 */
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import type { ActionFunctionArgs } from 'react-router-dom';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { cartAction } from '../../web/src/app/form-actions/cart.ts';
import { confirmOrderAction } from '../../web/src/app/form-actions/checkout.ts';
import { acceptsFormAt } from '../../web/src/app/form-actions/index.ts';
import { routes } from '../../web/src/app/routes.tsx';

const ORIGIN = 'http://shop.test';
const cart = {
  __typename: 'Cart',
  id: 'cart',
  totalQuantity: 0,
  allSelected: true,
  selectedTotal: null,
  lines: [],
};

interface Sent {
  operationName: string;
  variables: Record<string, unknown>;
}

/** A signed-in shopper's client: every mutation is accepted; `payUrl` is what paying answers. */
function shopperClient(sent: Sent[], payUrl = `${ORIGIN}/service/pay/lpay/checkout/t0k`): ApolloClient {
  const answers: Record<string, unknown> = {
    Session: {
      session: {
        __typename: 'Session',
        id: 'session',
        isAuthenticated: true,
        defaultPassword: false,
        viewer: null,
      },
    },
    RemoveCartLine: {
      removeCartLine: { __typename: 'RemoveCartLinePayload', removedLineId: '1', cart, userErrors: [] },
    },
    UpdateCartLine: { updateCartLine: { __typename: 'UpdateCartLinePayload', cart, userErrors: [] } },
    SelectAllCartLines: {
      selectAllCartLines: { __typename: 'SelectAllCartLinesPayload', cart, userErrors: [] },
    },
    PlaceOrder: {
      placeOrder: {
        __typename: 'PlaceOrderPayload',
        order: {
          __typename: 'Order',
          id: '77',
          orderNo: 'N77',
          status: 'PENDING_PAYMENT',
          paymentStatus: 'UNPAID',
          paymentMethod: 'LPAY',
          paymentDeadline: null,
          payableAmount: null,
        },
        cart,
        userErrors: [],
      },
    },
    StartPayment: {
      startPayment: {
        __typename: 'StartPaymentPayload',
        payUrl,
        expiresAt: null,
        order: null,
        userErrors: [],
      },
    },
  };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push({ operationName: operation.operationName ?? '', variables: operation.variables });
        observer.next({ data: answers[operation.operationName ?? ''] as Record<string, unknown> });
        observer.complete();
      }),
  );
  return new ApolloClient({ link, cache: new InMemoryCache({ addTypename: false } as never) });
}

async function send(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  client: ApolloClient,
): Promise<Response> {
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
  return (await action({ request, params: {}, context: { client } } as ActionFunctionArgs)) as Response;
}

const mutations = (sent: Sent[]) => sent.filter((entry) => entry.operationName !== 'Session');

describe('the cart action', () => {
  it.each([
    [{ lineId: '5', intent: 'remove' }, 'RemoveCartLine', { input: { lineId: '5' } }],
    [{ lineId: '5', selected: 'false' }, 'UpdateCartLine', { input: { lineId: '5', selected: false } }],
    [{ lineId: '5', selected: 'true' }, 'UpdateCartLine', { input: { lineId: '5', selected: true } }],
    [{ lineId: '5', quantity: '4' }, 'UpdateCartLine', { input: { lineId: '5', quantity: 4 } }],
    [{ lineId: '5', stepTo: '2' }, 'UpdateCartLine', { input: { lineId: '5', quantity: 2 } }],
    [{ intent: 'selectAll', selected: 'true' }, 'SelectAllCartLines', { input: { selected: true } }],
    [{ intent: 'selectAll', selected: 'false' }, 'SelectAllCartLines', { input: { selected: false } }],
  ])('%j runs %s and shows the cart again', async (fields, operationName, variables) => {
    const sent: Sent[] = [];
    const answer = await send(cartAction, '/cart', fields, shopperClient(sent));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/cart');
    expect(mutations(sent)).toEqual([{ operationName, variables }]);
  });

  it('refuses a quantity that is not a positive number, running nothing', async () => {
    const sent: Sent[] = [];
    const answer = (await send(
      cartAction,
      '/cart',
      { lineId: '5', quantity: '0' },
      shopperClient(sent),
    )) as unknown as {
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(mutations(sent)).toEqual([]);
  });
});

describe('the confirm page action', () => {
  const fields = { addressId: '9', 'payment-method': 'LPAY', requestId: 'page-request-1' };

  it('places the order of the address’s lines and goes to the payment page', async () => {
    const sent: Sent[] = [];
    const answer = await send(confirmOrderAction, '/order/confirm?lines=3,4', fields, shopperClient(sent));
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/service/pay/lpay/checkout/t0k');
    expect(mutations(sent)).toEqual([
      {
        operationName: 'PlaceOrder',
        variables: {
          input: {
            cartLineIds: ['3', '4'],
            addressId: '9',
            paymentMethod: 'LPAY',
            requestId: 'page-request-1',
          },
        },
      },
      { operationName: 'StartPayment', variables: { input: { orderId: '77', method: 'LPAY' } } },
    ]);
  });

  it('shows the order’s result page when the payment page is not on this site', async () => {
    const sent: Sent[] = [];
    const client = shopperClient(sent, 'https://pay.example/checkout');
    const answer = await send(confirmOrderAction, '/order/confirm?lines=3', fields, client);
    expect(answer.headers.get('location')).toBe('/order/pay-result?orderId=77');
  });

  it.each([
    [{ ...fields, addressId: '' }, 'checkout.selectAddress'],
    [{ ...fields, 'payment-method': '' }, 'checkout.selectPayment'],
  ])('without a choice (%j) says %s and places nothing', async (form, messageId) => {
    const sent: Sent[] = [];
    const answer = (await send(
      confirmOrderAction,
      '/order/confirm?lines=3',
      form,
      shopperClient(sent),
    )) as unknown as {
      data: { messageId: string };
      init: { status: number };
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.messageId).toBe(messageId);
    expect(mutations(sent)).toEqual([]);
  });

  it('is a page that takes a form', () => {
    expect(acceptsFormAt(routes, '/order/confirm')).toBe(true);
  });
});
