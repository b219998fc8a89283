import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { VisuallyHidden } from '../features/page/Page.tsx';
import type { MessageId } from '../i18n/message-ids.ts';
import { mobileQuery } from '../theme.ts';
import { CartIcon, useCartCount } from './CartEntry.tsx';
import { CategoriesIcon, HomeIcon, MeIcon } from './tab-icons.tsx';

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
    min-width: 0;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: 2px;
    color: ${({ theme }) => theme.colors.textSecondary};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSizes.xs}px;
    line-height: 1.2;
    white-space: nowrap;
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

const Icon = styled.span`
  position: relative;
  display: inline-flex;
`;

/** The count on the cart icon's corner, as shopping apps show it. */
const Badge = styled.span`
  position: absolute;
  top: -6px;
  left: 14px;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: #fff;
  font-size: 11px;
  font-weight: 600;
  line-height: 16px;
  text-align: center;
`;

function Tab({ to, end, icon, label }: { to: string; end?: boolean; icon: ReactNode; label: string }) {
  return (
    <NavLink to={to} end={end}>
      <Icon>{icon}</Icon>
      <span>{label}</span>
    </NavLink>
  );
}

/**
 * Bottom tab bar on small screens: an icon over a short label per tab; the cart's count is a
 * badge on its icon, and the tab is named with the count in words ('购物车，1 件商品').
 */
export default function TabBar() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const count = useCartCount();
  return (
    <Bar aria-label={t('layout.tabBar')} data-testid="tab-bar">
      <Tab to="/home" icon={<HomeIcon />} label={t('layout.home')} />
      <Tab to="/category" end icon={<CategoriesIcon />} label={t('layout.tabCategories')} />
      <NavLink to="/cart">
        <Icon>
          <CartIcon size={22} />
          {count > 0 && (
            <Badge aria-hidden="true" data-testid="tab-cart-count">
              {count > 99 ? '99+' : count}
            </Badge>
          )}
        </Icon>
        {/* The name is the visible label with the count in words (WCAG 2.5.3: the label is in it). */}
        <span aria-hidden={count > 0 || undefined}>{t('layout.tabCart')}</span>
        {count > 0 && (
          <VisuallyHidden>{intl.formatMessage({ id: 'layout.tabCartCount' }, { count })}</VisuallyHidden>
        )}
      </NavLink>
      <Tab to="/user/center/info" icon={<MeIcon />} label={t('layout.me')} />
    </Bar>
  );
}
