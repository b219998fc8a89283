import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CartCountDocument } from '../__generated__/graphql.ts';
import { useQuery } from '../app/query.ts';
import { useSession } from '../auth/useRequireLogin.ts';
import { focusRing } from '../components/focus-ring.ts';
import { VisuallyHidden } from '../features/page/Page.tsx';

const CartLink = styled(Link)`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  height: 36px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.pill}px;
  border: 1px solid ${({ theme }) => theme.colors.primaryStrong};
  color: ${({ theme }) => theme.colors.primaryStrong};
  text-decoration: none;
  white-space: nowrap;
  &:focus-visible {
    ${focusRing}
  }
`;

const Badge = styled.span`
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: #fff;
  font-size: 12px;
  line-height: 18px;
  text-align: center;
`;

export function CartIcon({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="20" r="1.5" fill="currentColor" />
      <circle cx="17" cy="20" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** Hook: the cart's unit count, live from the normalized `Cart` (0 for visitors). */
export function useCartCount(): number {
  const { isAuthenticated } = useSession();
  const { data } = useQuery(CartCountDocument, {
    skip: !isAuthenticated,
    context: { silent: true, hideLoading: true },
  });
  return isAuthenticated ? (data?.cart?.totalQuantity ?? 0) : 0;
}

/** The header's cart entry with the live count. */
export function CartEntry() {
  const intl = useIntl();
  const count = useCartCount();
  return (
    <CartLink to="/cart" data-testid="cart-entry">
      <CartIcon />
      {/* The name is the hidden sentence, not an aria-label over different visible text (WCAG 2.5.3). */}
      <span aria-hidden="true">{intl.formatMessage({ id: 'layout.cart' })}</span>
      <Badge aria-hidden="true" data-testid="cart-count">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{intl.formatMessage({ id: 'layout.cartCount' }, { count })}</VisuallyHidden>
    </CartLink>
  );
}
