import { usePermission } from '../../../auth/permissions.tsx';

/**
 * What the signed-in user may do with products, from the server's buttons: listing needs
 * `product:view`; create, edit, withdraw and restore `product:edit`; the stock dialog `stock:adjust`.
 */
export function useProductPermissions() {
  return {
    canView: usePermission('product:view'),
    canEdit: usePermission('product:edit'),
    canAdjustStock: usePermission('stock:adjust'),
  };
}
