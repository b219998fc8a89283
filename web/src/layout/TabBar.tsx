import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { mobileQuery } from '../theme.ts';
import { useCartCount } from './CartEntry.tsx';

const Bar = styled.nav`
  display: none;
  ${mobileQuery} {
    display: flex;
  }
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  height: ${({ theme }) => theme.layout.tabBarHeight}px;
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  z-index: ${({ theme }) => theme.zIndex.tabBar};
  padding-bottom: env(safe-area-inset-bottom);
  a {
    flex: 1;
    display: flex;
    align-items: center;
    justify-content: center;
    color: ${({ theme }) => theme.colors.textSecondary};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryStrong};
    font-weight: 600;
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

/** Bottom tab bar on small screens. */
export function TabBar() {
  const intl = useIntl();
  const count = useCartCount();
  return (
    <Bar aria-label={intl.formatMessage({ id: 'layout.tabBar' })} data-testid="tab-bar">
      <NavLink to="/home">{intl.formatMessage({ id: 'layout.home' })}</NavLink>
      <NavLink to="/category" end>
        {intl.formatMessage({ id: 'layout.categories' })}
      </NavLink>
      <NavLink to="/cart">
        {intl.formatMessage({ id: 'layout.cart' })}
        {count > 0 ? ` (${count})` : ''}
      </NavLink>
      <NavLink to="/user/center/info">{intl.formatMessage({ id: 'layout.me' })}</NavLink>
    </Bar>
  );
}
