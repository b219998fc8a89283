import type { RestExcelDownload } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { FIRST_SHOP_DAY, isShopDay, LAST_SHOP_DAY } from '@shop/common/shop-days.ts';
import { ruleMessage } from '@shop/common/validation/message.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { on } from '../../http/route.ts';
import { parseInput, wholeNumber } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { exportOrders } from './export-orders.ts';
import { exportProducts } from './export-products.ts';
import { importProducts } from './import.ts';
import { excelMessages as m } from './messages.ts';
import { importTemplate } from './template.ts';

const importBody = z.strictObject({
  fullfilename: z.string().trim().min(1).max(100),
  dryRun: z.boolean().default(true),
});

/** The address the gateway signs for a download, with the query the export is asked with. */
const downloadLink = (path: string, query: Record<string, string | number | undefined> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  ).toString();
  return `/service${path}${search ? `?${search}` : ''}`;
};

const shelf = z.enum(['on', 'off', 'withdrawn']).optional();
const productExportQuery = z.object({ shelf: z.preprocess((v) => (v === '' ? undefined : v), shelf) });

const day = z
  .string()
  .trim()
  .refine(isShopDay, {
    message: ruleMessage(m['excel.badDay'], { first: FIRST_SHOP_DAY, last: LAST_SHOP_DAY }),
  })
  .optional();
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);
const orderExportFields = {
  from: day,
  to: day,
  status: z.number().int().min(0).max(4).optional(),
};
const fromBeforeTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const orderExportBody = z.strictObject(orderExportFields).refine(fromBeforeTo, {
  path: ['to'],
  message: common['validation.invalid'],
});
const orderExportQuery = z
  .object({
    from: z.preprocess(blankAsMissing, day),
    to: z.preprocess(blankAsMissing, day),
    status: z.preprocess(blankAsMissing, wholeNumber().pipe(z.number().min(0).max(4)).optional()),
  })
  .refine(fromBeforeTo, { path: ['to'] });

/** Bulk work on excel files: the import template, the import (dry run or real) and the exports. */
export function productExcelRoutes(ctx: AppContext): Router {
  const router = Router();

  on(
    router,
    routes.excel.importTemplate,
    requireUser(ctx),
    requirePermission('product:import'),
    async (_req, res) => {
      const body = await importTemplate(ctx);
      res.set({
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': 'attachment; filename="product-import-template.xlsx"',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.send(body);
    },
  );

  on(
    router,
    routes.excel.importProducts,
    requireUser(ctx),
    requirePermission('product:import'),
    async (req, res) => {
      const input = parseInput(importBody, req.body);
      const user = req.user!;
      const report = await importProducts(ctx, input, { id: user.id, account: user.account }, req.locale);
      // A sheet with problems is answered as a report (the rows to fix), with a warning to show.
      const [key, params, type] = report.problems.length
        ? ([m['excel.badRows'], { count: report.problems.length }, 3] as const)
        : report.dryRun
          ? ([m['excel.checked'], { count: report.valid }, 1] as const)
          : ([m['excel.imported'], { count: report.imported }, 1] as const);
      res.json(envelope(req.locale, true, report, key, params, type));
    },
  );

  on(
    router,
    routes.excel.productExport,
    requireUser(ctx),
    requirePermission('product:export'),
    async (req, res) => {
      await exportProducts(ctx, res, parseInput(productExportQuery, req.query).shelf, req.locale);
    },
  );

  // The links: the permission and the query are checked here, where a refusal can still be an
  // answer the back office shows, and the download itself checks them again.
  on(
    router,
    routes.excel.productExportLink,
    requireUser(ctx),
    requirePermission('product:export'),
    (req, res) => {
      const query = parseInput(z.strictObject({ shelf }), req.body);
      const link: RestExcelDownload = {
        url: downloadLink(routes.excel.productExport.path, query),
        filename: 'products.xlsx',
      };
      ok(req, res, link);
    },
  );

  on(
    router,
    routes.excel.orderExportLink,
    requireUser(ctx),
    requirePermission('order:export'),
    (req, res) => {
      const query = parseInput(orderExportBody, req.body);
      const link: RestExcelDownload = {
        url: downloadLink(routes.excel.orderExport.path, query),
        filename: 'orders.xlsx',
      };
      ok(req, res, link);
    },
  );

  on(
    router,
    routes.excel.orderExport,
    requireUser(ctx),
    requirePermission('order:export'),
    async (req, res) => {
      await exportOrders(ctx, res, parseInput(orderExportQuery, req.query), req.locale);
    },
  );

  return router;
}
