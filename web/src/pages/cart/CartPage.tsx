import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CartPageDocument } from '../../__generated__/graphql.ts';
import { useSessionContext } from '../../auth/session-context.ts';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { CartTable } from '../../features/cart/CartTable.tsx';
import { PageHeading, PageWrap } from '../../features/page/Page.tsx';

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: 64px 0;
  color: ${({ theme }) => theme.colors.primaryStrong};
`;

/** The shopping cart of the signed-in shopper; visitors are asked to log in. */
export default function CartPage() {
  const intl = useIntl();
  const session = useSessionContext();
  const { data, error, refetch } = useQuery(CartPageDocument, {
    skip: !session.isAuthenticated,
    fetchPolicy: 'cache-and-network',
  });

  let body: ReactNode;
  if (!session.isAuthenticated) {
    body = session.loading ? (
      <Center>
        <Spinner size={32} />
      </Center>
    ) : (
      <EmptyState
        title={intl.formatMessage({ id: 'cart.loginNeeded' })}
        action={
          <Button variant="primary" onClick={() => session.openLogin('/cart')}>
            {intl.formatMessage({ id: 'cart.login' })}
          </Button>
        }
      />
    );
  } else if (!data?.cart) {
    // No answer yet, a failed one, or a cart the gateway could not read (`cart` is nullable).
    body =
      error || data ? (
        <ErrorState onRetry={() => void refetch()} />
      ) : (
        <Center>
          <Spinner size={32} />
        </Center>
      );
  } else if (data.cart.lines.length === 0) {
    body = (
      <EmptyState
        title={intl.formatMessage({ id: 'cart.empty' })}
        action={<Link to="/home">{intl.formatMessage({ id: 'cart.goShopping' })}</Link>}
      />
    );
  } else {
    body = <CartTable cart={data.cart} />;
  }

  return (
    <PageWrap>
      <PageHeading>{intl.formatMessage({ id: 'cart.title' })}</PageHeading>
      {body}
    </PageWrap>
  );
}
