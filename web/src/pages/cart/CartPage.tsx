import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { CartPageDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { loginPath } from '../../auth/redirect.ts';
import { useSessionContext } from '../../auth/session-context.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { CartTable } from '../../features/cart/CartTable.tsx';
import { PageHeading, PageWrap } from '../../features/page/Page.tsx';
import { inAppClick } from '../../lib/url-params.ts';
import '../../features/cart/cart-messages.ts';

/**
 * The shopper's lines. The answer is refreshed on every visit (another tab or device may have
 * changed the cart); the cached cart shows meanwhile.
 */
function CartBody() {
  const intl = useIntl();
  const { data } = useRouteQuery(CartPageDocument, { fetchPolicy: 'cache-and-network' });
  // `cart` is nullable: a cart the gateway could not read is a failed load (the route's retry).
  if (!data.cart) throw new Error('cart unavailable');
  if (data.cart.lines.length === 0) {
    return (
      <EmptyState
        title={intl.formatMessage({ id: 'cart.empty' })}
        action={<Link to="/home">{intl.formatMessage({ id: 'cart.goShopping' })}</Link>}
      />
    );
  }
  return <CartTable cart={data.cart} />;
}

/**
 * The shopping cart of the signed-in shopper; visitors are asked to log in. While the session is
 * still being read the cart's skeleton shows, never the visitor's prompt.
 */
export default function CartPage() {
  const intl = useIntl();
  const session = useSessionContext();
  let body: ReactNode;
  if (session.isAuthenticated) body = <CartBody />;
  else if (session.loading) body = <Skeleton kind="list" />;
  else {
    body = (
      <EmptyState
        title={intl.formatMessage({ id: 'cart.loginNeeded' })}
        action={
          // a link to the login page, which the script turns into the login dialog
          <ButtonLink
            variant="primary"
            href={loginPath('/cart')}
            onClick={inAppClick(() => session.openLogin('/cart'))}
          >
            {intl.formatMessage({ id: 'cart.login' })}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <PageWrap>
      <PageHeading>{intl.formatMessage({ id: 'cart.title' })}</PageHeading>
      {body}
    </PageWrap>
  );
}
