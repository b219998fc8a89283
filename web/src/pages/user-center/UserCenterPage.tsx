import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, NavLink, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { UserCenterMenusDocument } from '../../__generated__/graphql.ts';
import { useSessionContext } from '../../auth/session-context.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadingOverlay } from '../../components/LoadingOverlay.tsx';
import { mobileQuery } from '../../theme.ts';
import { AddressPanel } from './AddressPanel.tsx';
import { BillPanel } from './BillPanel.tsx';
import { processMenus, resolveMenuPath } from './menus.ts';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PasswordPanel } from './PasswordPanel.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { Panel } from './ui.tsx';

const ROOT = '/user/center';

const PANELS: Record<string, () => React.ReactElement> = {
  info: () => <ProfilePanel />,
  orders: () => <OrdersPanel />,
  address: () => <AddressPanel />,
  password: () => <PasswordPanel />,
  bill: () => <BillPanel />,
};

const Layout = styled.div`
  display: flex;
  gap: 16px;
  align-items: flex-start;
  ${mobileQuery} {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Side = styled.nav`
  width: ${({ theme }) => theme.layout.sidebarWidth}px;
  flex-shrink: 0;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 8px 0;
  ${mobileQuery} {
    width: 100%;
  }
  h2 {
    margin: 4px 16px 8px;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    ${mobileQuery} {
      display: flex;
      overflow-x: auto;
    }
  }
  a {
    display: block;
    padding: 10px 16px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    white-space: nowrap;
    border-left: 3px solid transparent;
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primaryLight};
    border-left-color: ${({ theme }) => theme.colors.primary};
  }
  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -2px;
  }
`;

/**
 * /user/center/:menuKey: the personal centre. Its menus come from the server (viewer resources);
 * disabled items are dropped and an unknown or unpermitted key goes to the first permitted menu.
 * A failure to load the menus logs the shopper out (SPEC §2).
 */
export default function UserCenterPage() {
  const intl = useIntl();
  const { menuKey = '' } = useParams();
  const { logout } = useSessionContext();
  const { data, loading, error } = useQuery(UserCenterMenusDocument);

  useEffect(() => {
    if (error) void logout({ confirm: false });
  }, [error, logout]);

  const processed = useMemo(() => (data ? processMenus(data.resources.menus) : null), [data]);
  if (loading && !data) return <LoadingOverlay active />;
  if (!processed) return null;

  const centre = processed.tree.find((item) => item.routerPath === ROOT);
  const items = (centre?.children ?? []).filter((item) => !item.isHidden);
  const path = `${ROOT}/${menuKey}`;
  const target = resolveMenuPath(processed, path, ROOT);
  if (!target) {
    return (
      <Panel>
        <EmptyState title={intl.formatMessage({ id: 'uc.noMenu' })} />
      </Panel>
    );
  }
  if (target !== path) return <Navigate to={target} replace />;

  const render = PANELS[menuKey];
  return (
    <Layout>
      <Side aria-labelledby="uc-menu-title">
        <h2 id="uc-menu-title">{centre?.name ?? intl.formatMessage({ id: 'route.userCenter' })}</h2>
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <NavLink to={item.routerPath}>{item.name}</NavLink>
            </li>
          ))}
        </ul>
      </Side>
      {render ? (
        render()
      ) : (
        <Panel>
          <EmptyState />
        </Panel>
      )}
    </Layout>
  );
}
