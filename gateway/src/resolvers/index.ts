import type { Resolvers } from '../__generated__/resolvers.ts';
import { addressResolvers } from './addresses.ts';
import { adminResolvers } from './admin.ts';
import { adminExcelResolvers } from './admin-excel.ts';
import { adminPermissionResolvers } from './admin-permissions.ts';
import { cartResolvers } from './cart.ts';
import { catalogueResolvers } from './catalogue.ts';
import { catalogueStructureResolvers } from './catalogue-structure.ts';
import { enumResolvers } from './enums.ts';
import { imageResolvers } from './images.ts';
import { ledgerResolvers } from './ledger.ts';
import { menuResolvers } from './menus.ts';
import { moneyResolvers } from './money.ts';
import { orderResolvers } from './orders.ts';
import { paymentResolvers } from './payments.ts';
import { productAdminResolvers } from './product-admin.ts';
import { productPhotoResolvers } from './product-photos.ts';
import { scalarResolvers } from './scalars.ts';
import { sessionResolvers } from './session.ts';
import { stockResolvers } from './stock.ts';
import { systemResolvers } from './system.ts';
import { withUserErrors } from './user-errors.ts';
import { viewerResolvers } from './viewer.ts';

const parts: Resolvers[] = [
  scalarResolvers,
  enumResolvers,
  moneyResolvers,
  imageResolvers,
  sessionResolvers,
  viewerResolvers,
  menuResolvers,
  systemResolvers,
  catalogueResolvers,
  cartResolvers,
  addressResolvers,
  orderResolvers,
  paymentResolvers,
  ledgerResolvers,
  adminResolvers,
  catalogueStructureResolvers,
  productAdminResolvers,
  productPhotoResolvers,
  stockResolvers,
  adminPermissionResolvers,
  adminExcelResolvers,
];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Merges the per-domain maps type by type (Query and Mutation gather fields from every domain). */
function merge(maps: Resolvers[]): Resolvers {
  const merged: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [type, value] of Object.entries(map)) {
      const existing = merged[type];
      if (existing === undefined) merged[type] = value;
      else if (isPlainObject(existing) && isPlainObject(value)) {
        const twice = Object.keys(value).find((field) => field in existing);
        if (twice) throw new Error(`Resolver ${type}.${twice} is defined twice`);
        merged[type] = { ...existing, ...value };
      } else throw new Error(`Resolver ${type} is defined twice`);
    }
  }
  return merged as Resolvers;
}

/** Every resolver of the gateway, one file per domain/type; mutation refusals answer `userErrors`. */
export const resolvers: Resolvers = withUserErrors(merge(parts));
