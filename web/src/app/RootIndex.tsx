import { Navigate } from 'react-router-dom';
import { UserCenterMenusDocument } from '../__generated__/graphql.ts';
import { useSessionContext } from '../auth/session-context.ts';
import { landingPath, processMenus } from './menu-tree.ts';
import { useQuery } from './query.ts';

/** The personal centre every shopper's menus begin with: its users land on the shop's home page. */
const SHOPPER_MENU = '/user/center';

/**
 * `/`: a user whose menus begin elsewhere (e.g. a staff account with only the back office) lands
 * on the first menu path; shoppers, visitors and users without menus land on /home.
 */
export function RootIndex() {
  const { isAuthenticated, loading: sessionLoading } = useSessionContext();
  const { data, loading } = useQuery(UserCenterMenusDocument, { skip: !isAuthenticated });
  if (sessionLoading || (isAuthenticated && loading && !data)) return null;
  const processed = processMenus(data?.resources?.menus ?? []);
  const first = processed.tree.find((item) => !item.isHidden);
  const landing = first && first.routerPath !== SHOPPER_MENU ? landingPath(processed) : null;
  return <Navigate to={landing ?? '/home'} replace />;
}
