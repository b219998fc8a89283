import type { RestMenuItem } from '@shop/common/rest/index.ts';
import type { BackOfficePermissions, Resolvers } from '../__generated__/resolvers.ts';

/** Each flag and the button permission (service menus) that grants it. */
const FLAG_CODES: Record<Exclude<keyof BackOfficePermissions, '__typename'>, string> = {
  canEditProducts: 'product:edit',
  canAdjustStock: 'stock:adjust',
  canEditCategories: 'category:edit',
  canEditHomeCards: 'home:edit',
  canImportProducts: 'product:import',
  canExportProducts: 'product:export',
  canExportOrders: 'order:export',
};

const reachesBackOffice = (items: RestMenuItem[]): boolean =>
  items.some((item) => item.routerPath.startsWith('/admin') || reachesBackOffice(item.children ?? []));

/** Viewer.backOffice: the back-office flags from the caller's menus (one resources call a request). */
export const adminPermissionResolvers: Resolvers = {
  Viewer: {
    backOffice: async (_user, _args, ctx) => {
      const { menus, buttons } = await ctx.loaders.resources.load('me');
      if (!reachesBackOffice(menus)) return null;
      const granted = new Set(buttons);
      const flags = Object.entries(FLAG_CODES).map(([flag, code]) => [flag, granted.has(code)]);
      return Object.fromEntries(flags) as BackOfficePermissions;
    },
  },
};
