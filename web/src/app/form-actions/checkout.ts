/**
 * The confirm page's form (`/order/confirm?lines=…` or `?productId=…&quantity=…`): places the
 * order with the chosen address and payment method, starts paying it and sends the shopper to the
 * provider's page, as the page's own handler does with JavaScript.
 */
import type { ActionFunctionArgs } from 'react-router-dom';
import { type PaymentMethod, PlaceOrderDocument } from '../../__generated__/graphql.ts';
import { loginPath } from '../../auth/redirect.ts';
import { orderSource } from '../../features/checkout/order-source.ts';
import { newRequestId } from '../../features/checkout/request-id.ts';
import type { UserErrorLike } from '../user-errors.ts';
import { startPaymentPath } from './orders.ts';
import { contextOf, failure, mutatePayload, redirectTo, refuse, signedIn, text } from './shared.ts';

const FORM = 'confirmOrder';
const METHODS: readonly PaymentMethod[] = ['LPAY', 'STRIPE', 'WKPAY'];

type OrderPayload = { userErrors: UserErrorLike[]; order?: { id: string } | null };

export async function confirmOrderAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const here = new URL(args.request.url);
  if (!(await signedIn(client))) return redirectTo(loginPath(here.pathname + here.search));
  const source = orderSource(here.searchParams);
  if (!source) return redirectTo('/cart');
  const addressId = text(form, 'addressId');
  const method = text(form, 'payment-method');
  const values = { addressId, 'payment-method': method };
  if (!addressId) return refuse({ form: FORM, values, messageId: 'checkout.selectAddress' });
  const paymentMethod = METHODS.find((code) => code === method);
  if (!paymentMethod) return refuse({ form: FORM, values, messageId: 'checkout.selectPayment' });
  // The page's id: the same form sent twice (a double press, a reload) gives the same order.
  const requestId = text(form, 'requestId').trim().slice(0, 64) || newRequestId();

  let orderId: string;
  try {
    const placed = await mutatePayload(
      () =>
        client.mutate({
          mutation: PlaceOrderDocument,
          variables: { input: { ...source, addressId, paymentMethod, requestId } },
          errorPolicy: 'all',
        }),
      (result: { placeOrder?: OrderPayload }) => result?.placeOrder,
    );
    if (!placed.order) return failure(FORM, values, new Error('no order'));
    orderId = placed.order.id;
  } catch (error) {
    return failure(FORM, values, error);
  }
  // The order exists: whatever paying says, its result page shows it and offers to pay.
  try {
    return redirectTo(await startPaymentPath(client, orderId, paymentMethod));
  } catch {
    return redirectTo(`/order/pay-result?orderId=${encodeURIComponent(orderId)}`);
  }
}
