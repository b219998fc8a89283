import { routes } from '@shop/common/rest/routes.ts';
import { stockAdjustmentFields } from '@shop/common/validation/stock.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { on } from '../../http/route.ts';
import { idParam, pageQuery, parseInput } from '../../http/validate.ts';
import { stockMessages as m } from './messages.ts';
import { adjustStock, stockLedgerPage } from './service.ts';

/** The dialog's shared rules; the note may be left out. */
const adjustmentBody = z.strictObject({
  ...stockAdjustmentFields,
  note: stockAdjustmentFields.note.optional().default(''),
});

/** Back office: stock adjustments and the stock ledger, for callers with the button `stock:adjust`. */
export function stockRoutes(ctx: AppContext): Router {
  const router = Router();
  const guard = [requireUser(ctx), requirePermission('stock:adjust')];

  on(router, routes.stock.adjust, ...guard, async (req, res) => {
    const productId = parseInput(idParam, req.params.id);
    const input = parseInput(adjustmentBody, req.body);
    const adjusted = await adjustStock(ctx, req.user!, productId, input);
    ok(req, res, adjusted, m['stock.adjusted']);
  });

  on(router, routes.stock.ledger, ...guard, async (req, res) => {
    const productId = parseInput(idParam, req.params.id);
    ok(req, res, await stockLedgerPage(ctx, productId, parseInput(pageQuery, req.query)));
  });

  return router;
}
