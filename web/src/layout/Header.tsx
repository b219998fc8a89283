import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { Header_ConfigFragment } from '../__generated__/graphql.ts';
import { useSessionContext } from '../auth/session-context.ts';
import { focusRing } from '../components/focus-ring.ts';
import { LocaleSwitcher } from '../i18n/LocaleSwitcher.tsx';
import { mobileQuery } from '../theme.ts';
import { CartEntry } from './CartEntry.tsx';
import { SearchBar } from './SearchBar.tsx';
import { UserMenu } from './UserMenu.tsx';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  height: ${({ theme }) => theme.layout.headerHeight}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  ${mobileQuery} {
    height: auto;
  }
`;

const Inner = styled.div`
  height: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth}px;
  margin: 0 auto;
  padding: 0 16px;
  display: flex;
  align-items: center;
  gap: 16px;
  /* A phone gives the search its own full-width row under the brand and buttons, so its
     placeholder is never cut off. */
  ${mobileQuery} {
    flex-wrap: wrap;
    gap: 6px 8px;
    padding: 8px;
    > [role='search'] {
      order: 1;
      flex-basis: 100%;
      max-width: none;
    }
  }
`;

const Brand = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primaryStrong};
  text-decoration: none;
  white-space: nowrap;
  &:focus-visible {
    ${focusRing}
  }
`;

/* A phone's first row is the shop name and the buttons, the second the search: the name takes
   what the buttons leave (a long one ends in '…') rather than pushing them onto a row of their own. */
const ShopName = styled(Brand)`
  ${mobileQuery} {
    flex: 1 1 0;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
`;

const Nav = styled.nav`
  display: flex;
  gap: 12px;
  ${mobileQuery} {
    display: none;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    white-space: nowrap;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
  a:focus-visible {
    ${focusRing}
  }
`;

const Spacer = styled.div`
  flex: 1;
`;

const Right = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  ${mobileQuery} {
    flex: none;
    gap: 4px;
    margin-left: auto;
    .hide-mobile {
      display: none;
    }
  }
`;

export interface HeaderProps {
  config: Header_ConfigFragment | null | undefined;
  showSearch: boolean;
  showCart: boolean;
}

/** 56 px header: shop name, main links, search bar, locale, cart entry, an admin's back office, login or the user's menu. */
export function Header({ config, showSearch, showCart }: HeaderProps) {
  const intl = useIntl();
  const shopName = config?.shopName || intl.formatMessage({ id: 'app.siteTitle' });
  const { viewer } = useSessionContext();
  return (
    <Bar>
      <Inner>
        <ShopName to="/home">{shopName}</ShopName>
        <Nav aria-label={intl.formatMessage({ id: 'layout.mainNav' })}>
          <NavLink to="/category" end>
            {intl.formatMessage({ id: 'layout.categories' })}
          </NavLink>
          <NavLink to="/goods/hot">{intl.formatMessage({ id: 'layout.hot' })}</NavLink>
          <NavLink to="/goods/new">{intl.formatMessage({ id: 'layout.new' })}</NavLink>
        </Nav>
        {showSearch ? <SearchBar /> : <Spacer />}
        <Right>
          <LocaleSwitcher />
          {showCart && (
            <span className="hide-mobile">
              <CartEntry />
            </span>
          )}
          {viewer?.isAdmin && (
            // the back office itself is routed (and refused) by the server's menus
            <Brand to="/admin" style={{ fontSize: 'inherit' }}>
              {intl.formatMessage({ id: 'layout.backOffice' })}
            </Brand>
          )}
          <UserMenu />
        </Right>
      </Inner>
    </Bar>
  );
}
