import { AdminProductPermissionsDocument } from '../../../__generated__/graphql.ts';
import { useQuery } from '../../../app/query.ts';
import { usePermission } from '../../../auth/permissions.tsx';
import { useSessionContext } from '../../../auth/session-context.ts';

/**
 * What the signed-in user may do with products: listing needs the `product:view` button; the
 * actions follow `viewer.backOffice` (create, edit, withdraw, restore: `canEditProducts`; the
 * stock dialog: `canAdjustStock`). While they load nothing is offered, so no action flashes up.
 */
export function useProductPermissions() {
  const { isAuthenticated } = useSessionContext();
  const { data } = useQuery(AdminProductPermissionsDocument, { skip: !isAuthenticated });
  const backOffice = isAuthenticated ? data?.viewer?.backOffice : null;
  return {
    canView: usePermission('product:view'),
    canEdit: Boolean(backOffice?.canEditProducts),
    canAdjustStock: Boolean(backOffice?.canAdjustStock),
  };
}
