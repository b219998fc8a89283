import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  ConfirmOrderPageDocument,
  type OrderPreviewInput,
  type PaymentMethod,
} from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { useSessionContext } from '../../auth/session-context.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/form/FormAlert.tsx';
import { useFormResult } from '../../components/form/server-result.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { useToast } from '../../components/toast.tsx';
import { AddressChooser } from '../../features/checkout/AddressChooser.tsx';
import { OrderSummary } from '../../features/checkout/OrderSummary.tsx';
import { orderSource } from '../../features/checkout/order-source.ts';
import { PaymentMethodPicker } from '../../features/checkout/PaymentMethodPicker.tsx';
import { newRequestId } from '../../features/checkout/request-id.ts';
import { usePlaceOrder } from '../../features/checkout/usePlaceOrder.ts';
import { useStartPayment } from '../../features/checkout/useStartPayment.ts';
import { PageHeading, PageWrap, SectionPanel } from '../../features/page/Page.tsx';
import type { MessageId } from '../../i18n/message-ids.ts';
import '../../features/checkout/checkout-messages.ts'; // this screen's texts, loaded with its chunk

const Block = styled(SectionPanel)`
  margin-bottom: 16px;
`;

const Problem = styled.p`
  margin: 8px 0 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

const SubmitBar = styled.div`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: 16px;
`;

/**
 * The address, payment method and items of `source`, and the submit button. Placing happens
 * once: one requestId per page, the button disabled while pending, and a guard against a second
 * click. Then the payment starts and the browser goes to lpay. It is a form: without JavaScript
 * the radios and the page's requestId go to the route's action, which does the same.
 */
function ConfirmForm({ source }: { source: OrderPreviewInput }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  // the server's refusal of the form sent without JavaScript
  const refused = useFormResult('confirmOrder');
  const [requestId] = useState(newRequestId);
  // Asked afresh on every visit: stock and prices may have changed since the cart was read.
  const { data } = useRouteQuery(ConfirmOrderPageDocument, {
    variables: { input: source },
    fetchPolicy: 'cache-and-network',
  });
  const { placeOrder } = usePlaceOrder();
  const { startPayment } = useStartPayment();

  // An address just added on the address page form comes back chosen (`addressId`).
  const [chosenAddress, setChosenAddress] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('addressId'),
  );
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [problems, setProblems] = useState<{ address?: boolean; payment?: boolean }>({});
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const addressHeading = useId();
  const paymentHeading = useId();
  const addressProblem = useId();
  const paymentProblem = useId();

  const addresses = data.addresses ?? [];
  const addressId =
    (chosenAddress && addresses.some((a) => a.id === chosenAddress) ? chosenAddress : null) ??
    addresses.find((a) => a.isDefault)?.id ??
    addresses[0]?.id ??
    null;

  // The only method on offer is chosen already (lpay); with several the shopper chooses.
  const offered = data.config.paymentMethods.filter((option) => option.enabled);
  const paymentMethod = method ?? (offered.length === 1 ? offered[0].code : null);

  // `orderPreview` is nullable: a preview the gateway could not give is a failed load (the
  // route's retry); a refused one (an item sold out) arrives as an error with its message.
  if (!data.orderPreview) throw new Error('order preview unavailable');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busyRef.current) return;
    const next = { address: !addressId, payment: !paymentMethod };
    setProblems(next);
    if (!addressId) {
      toast.warning(t('checkout.selectAddress'));
      return;
    }
    if (!paymentMethod) {
      toast.warning(t('checkout.selectPayment'));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    const order = await placeOrder({ ...source, addressId, paymentMethod, requestId });
    if (!order) {
      busyRef.current = false;
      setBusy(false);
      return;
    }
    const leaving = await startPayment(order.id, paymentMethod);
    // Paying could not start: the order exists, so its result page offers to pay again.
    if (!leaving) navigate(`/order/pay-result?orderId=${encodeURIComponent(order.id)}`, { replace: true });
  };

  return (
    <form
      method="post"
      action={location.pathname + location.search}
      onSubmit={(event) => {
        // The add-address dialog's form (in a portal) sends its submit through React's tree too.
        if (event.target === event.currentTarget) void submit(event);
      }}
      aria-label={t('checkout.title')}
    >
      {/* Only a form sent without the script reads it; with it the state's id is sent. */}
      <noscript>
        <input type="hidden" name="requestId" value={requestId} />
      </noscript>
      {refused && (
        <FormAlert>
          {refused.message ?? (refused.messageId ? intl.formatMessage({ id: refused.messageId }) : '')}
        </FormAlert>
      )}
      <Block as="section" aria-labelledby={addressHeading}>
        <h2 id={addressHeading}>{t('checkout.address')}</h2>
        <AddressChooser
          addresses={addresses}
          value={addressId}
          onChange={(id) => {
            setChosenAddress(id);
            setProblems((p) => ({ ...p, address: false }));
          }}
          labelledBy={addressHeading}
          describedBy={problems.address ? addressProblem : undefined}
          name="addressId"
        />
        {problems.address && (
          <Problem id={addressProblem} role="alert">
            {t('checkout.selectAddress')}
          </Problem>
        )}
      </Block>
      <Block as="section" aria-labelledby={paymentHeading}>
        <h2 id={paymentHeading}>{t('checkout.payment')}</h2>
        <PaymentMethodPicker
          options={data.config.paymentMethods}
          value={paymentMethod}
          onChange={(code) => {
            setMethod(code);
            setProblems((p) => ({ ...p, payment: false }));
          }}
          labelledBy={paymentHeading}
          describedBy={problems.payment ? paymentProblem : undefined}
        />
        {problems.payment && (
          <Problem id={paymentProblem} role="alert">
            {t('checkout.selectPayment')}
          </Problem>
        )}
      </Block>
      <Block as="section" aria-label={t('checkout.items')}>
        <h2>{t('checkout.items')}</h2>
        <OrderSummary input={source} />
      </Block>
      <SubmitBar>
        {busy && <span aria-live="polite">{t('checkout.paying')}</span>}
        <Button type="submit" variant="primary" size="lg" loading={busy} disabled={busy}>
          {t('checkout.submit')}
        </Button>
      </SubmitBar>
    </form>
  );
}

/** Confirm the order: address (chosen or added in place), payment method, items and amounts. */
export default function ConfirmOrderPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const session = useSessionContext();
  const [params] = useSearchParams();
  const [source] = useState(() => orderSource(params));

  let body: ReactNode;
  if (!source) {
    body = (
      <EmptyState title={t('checkout.nothing')} action={<Link to="/cart">{t('checkout.backToCart')}</Link>} />
    );
  } else if (!session.isAuthenticated) {
    // the session is still being read (visitors never reach this route)
    body = <Skeleton kind="list" />;
  } else {
    body = <ConfirmForm source={source} />;
  }

  return (
    <PageWrap>
      <PageHeading>{t('checkout.title')}</PageHeading>
      {body}
    </PageWrap>
  );
}
