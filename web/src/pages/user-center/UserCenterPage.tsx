import { Suspense, useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { UserCenterMenusDocument } from '../../__generated__/graphql.ts';
import { highlightedPath, landingPath, processMenus, resolveMenuPath } from '../../app/menu-tree.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { useSessionContext } from '../../auth/session-context.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { MenuSection } from '../../layout/MenuSection.tsx';
import { AddressPanel } from './AddressPanel.tsx';
import { BillPanel } from './BillPanel.tsx';
import { OrdersPanel } from './OrdersPanel.tsx';
import { PasswordPanel } from './PasswordPanel.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { Panel } from './ui.tsx';
import './user-center-messages.ts'; // the personal centre's texts

const ROOT = '/user/center';

/** menuKey → panel: the registry of the centre's screens (one line per menu item). */
const PANELS: Record<string, () => React.ReactElement> = {
  info: () => <ProfilePanel />,
  orders: () => <OrdersPanel />,
  address: () => <AddressPanel />,
  password: () => <PasswordPanel />,
  bill: () => <BillPanel />,
};

/**
 * /user/center/:menuKey: the personal centre. Its menus come from the server (viewer resources);
 * disabled items are dropped, an unknown or unpermitted key goes to the section's redirect, the
 * bare root to the user's first menu path. A failure to load the menus logs out (docs/product.md, "Server menus").
 */
export default function UserCenterPage() {
  const intl = useIntl();
  const location = useLocation();
  const { menuKey = '' } = useParams();
  const { logout } = useSessionContext();
  // The menus load with the route (its skeleton); a refusal is handled here: it logs out.
  const { data, error } = useRouteQuery(UserCenterMenusDocument, { errorPolicy: 'all' });

  useEffect(() => {
    if (error) void logout({ confirm: false });
  }, [error, logout]);

  const processed = useMemo(() => (data?.resources ? processMenus(data.resources.menus) : null), [data]);
  if (!processed) return null;

  const noMenu = (
    <Panel>
      <EmptyState title={intl.formatMessage({ id: 'uc.noMenu' })} />
    </Panel>
  );
  if (!menuKey) {
    const landing = landingPath(processed);
    return landing ? <Navigate to={landing} replace /> : noMenu;
  }
  const centre = processed.tree.find((item) => item.routerPath === ROOT);
  const path = `${ROOT}/${menuKey}`;
  const target = resolveMenuPath(processed, path, ROOT);
  if (!centre || !target) return noMenu;
  if (target !== path) return <Navigate to={target} replace />;

  const render = PANELS[menuKey];
  return (
    <MenuSection section={centre} highlight={highlightedPath(processed, location.pathname)}>
      {render ? (
        // A panel's data loads under the section menu, which stays in place meanwhile.
        <Suspense fallback={<Skeleton kind="panel" />}>{render()}</Suspense>
      ) : (
        <Panel>
          <EmptyState />
        </Panel>
      )}
    </MenuSection>
  );
}
