import { routes } from '@shop/common/rest/routes.ts';
import type { Resolvers } from '../__generated__/resolvers.ts';
import { defined, payloadOf } from './helpers.ts';

/**
 * Back office: spreadsheet import and exports (403 → FORBIDDEN without the button). An export answers a
 * download address (through the gateway's session-signed proxy); the file is made when it is fetched.
 */
export const adminExcelResolvers: Resolvers = {
  Mutation: {
    importProducts: (_root, { input }, ctx) =>
      ctx.shop.call(routes.excel.importProducts, {
        body: { fullfilename: input.fullfilename, dryRun: input.dryRun ?? true },
      }),
    exportProducts: payloadOf('download', routes.excel.productExportLink, (input) => ({
      body: input.shelf == null ? {} : { shelf: input.shelf },
    })),
    exportOrders: payloadOf('download', routes.excel.orderExportLink, (input) => ({
      // Only the given values: the service's strict bodies refuse a null where a value may be absent.
      body: defined({ from: input.from, to: input.to, status: input.status }),
    })),
  },
};
