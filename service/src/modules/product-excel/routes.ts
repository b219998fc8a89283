import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { envelope } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseInput, wholeNumber } from '../../http/validate.ts';
import { exportOrders } from './export-orders.ts';
import { exportProducts } from './export-products.ts';
import { importProducts } from './import.ts';
import { excelMessages as m } from './messages.ts';
import { importTemplate } from './template.ts';

const importBody = z.strictObject({
  fullfilename: z.string().trim().min(1).max(100),
  dryRun: z.boolean().default(true),
});

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const day = z.string().trim().refine(isDay).optional();
const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);
const orderExportQuery = z
  .object({
    from: z.preprocess(blankAsMissing, day),
    to: z.preprocess(blankAsMissing, day),
    status: z.preprocess(blankAsMissing, wholeNumber().pipe(z.number().min(0).max(4)).optional()),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'] });

/** Bulk work on excel files: the import template, the import (dry run or real) and the exports. */
export function productExcelRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get(
    '/admin/product/import-template',
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

  router.post(
    '/admin/product/import',
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

  router.get(
    '/admin/product/export',
    requireUser(ctx),
    requirePermission('product:export'),
    async (req, res) => {
      await exportProducts(ctx, res, req.locale);
    },
  );

  router.get('/admin/order/export', requireUser(ctx), requirePermission('order:export'), async (req, res) => {
    await exportOrders(ctx, res, parseInput(orderExportQuery, req.query), req.locale);
  });

  return router;
}
