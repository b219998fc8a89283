/**
 * The forms of one of the shopper's orders (`/user/center/orders/:orderId`), which the order list,
 * the order page and the payment result send there: pay (start or resume the payment and go to the
 * provider's page), cancel and confirm receipt (sent from the page's confirmation step), and apply
 * for a refund with its reason. Each runs the mutation the app's buttons run, then goes back to
 * where the form came from (its `redirect`) or to the order.
 */
import { refundSchema } from '@shop/common/validation/refunds.ts';
import type { ActionFunctionArgs } from 'react-router-dom';
import {
  ApplyRefundDocument,
  CancelOrderDocument,
  ConfirmReceiptDocument,
  type PaymentMethod,
  StartPaymentDocument,
} from '../../__generated__/graphql.ts';
import { loginPath, safeRedirect } from '../../auth/redirect.ts';
import { ORDER_FORM, REFUND_FORM } from '../../features/order/order-forms.ts';
import { orderDetailPath } from '../../features/order/paths.ts';
import type { UserErrorLike } from '../user-errors.ts';
import {
  contextOf,
  failure,
  mutatePayload,
  redirectTo,
  refuse,
  ruleMessages,
  signedIn,
  text,
  typedValues,
} from './shared.ts';

const METHODS: readonly PaymentMethod[] = ['LPAY', 'STRIPE', 'WKPAY'];

type Payload = { userErrors: UserErrorLike[] };
type PaymentPayload = Payload & { payUrl?: string | null };

/**
 * The provider's page as a path of this site, or null. Its page is served on this site (the
 * service's lpay, behind the gateway) and the gateway makes its address absolute on whichever of the
 * shop's origins it was asked from; the shopper's session is on the origin their browser is on, so
 * only the path is kept, on whatever origin the gateway named.
 */
function payPath(payUrl: string | null | undefined): string | null {
  if (!payUrl) return null;
  try {
    const url = new URL(payUrl, 'http://same-site.invalid');
    return url.pathname.startsWith('/service/pay/') ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/**
 * Starts (or resumes) paying `orderId` and answers the provider's page; throws as `mutatePayload`
 * does, or when no page was given.
 */
export async function startPaymentPath(
  client: ReturnType<typeof contextOf>['client'],
  orderId: string,
  method: PaymentMethod,
): Promise<string> {
  const payment = await mutatePayload(
    () =>
      client.mutate({
        mutation: StartPaymentDocument,
        variables: { input: { orderId, method } },
        errorPolicy: 'all',
      }),
    (answer: { startPayment?: PaymentPayload }) => answer?.startPayment,
  );
  const path = payPath(payment.payUrl);
  if (!path) throw new Error('no payment page');
  return path;
}

/** /user/center/orders/:orderId: what the pressed action says (`intent`), then the next page. */
export async function orderAction(args: ActionFunctionArgs) {
  const { client } = contextOf(args);
  const form = await args.request.formData();
  const here = new URL(args.request.url);
  if (!(await signedIn(client))) return redirectTo(loginPath(here.pathname));
  const orderId = String(args.params.orderId ?? '');
  const detail = orderDetailPath(orderId);
  if (!/^[1-9]\d*$/.test(orderId)) return redirectTo('/user/center/orders');
  const next = safeRedirect(text(form, 'redirect'), detail);
  const intent = text(form, 'intent');
  const input = { orderId };
  try {
    if (intent === 'pay') {
      const method = METHODS.find((code) => code === text(form, 'method')) ?? 'LPAY';
      return redirectTo(await startPaymentPath(client, orderId, method));
    }
    if (intent === 'cancel') {
      await mutatePayload(
        () => client.mutate({ mutation: CancelOrderDocument, variables: { input }, errorPolicy: 'all' }),
        (result: { cancelOrder?: Payload }) => result?.cancelOrder,
      );
      return redirectTo(next);
    }
    if (intent === 'receive') {
      await mutatePayload(
        () => client.mutate({ mutation: ConfirmReceiptDocument, variables: { input }, errorPolicy: 'all' }),
        (result: { confirmReceipt?: Payload }) => result?.confirmReceipt,
      );
      return redirectTo(next);
    }
  } catch (error) {
    return failure(ORDER_FORM, {}, error);
  }
  if (intent === 'refund') {
    const values = typedValues(form, ['reason']);
    const parsed = refundSchema.safeParse({ reason: text(form, 'reason') });
    if (!parsed.success) return refuse({ form: REFUND_FORM, values, rules: ruleMessages(parsed.error) });
    try {
      await mutatePayload(
        () =>
          client.mutate({
            mutation: ApplyRefundDocument,
            variables: { input: { ...input, reason: parsed.data.reason } },
            errorPolicy: 'all',
          }),
        (result: { applyRefund?: Payload }) => result?.applyRefund,
      );
    } catch (error) {
      return failure(REFUND_FORM, values, error);
    }
    return redirectTo(next);
  }
  return redirectTo(next);
}
