import type { RestBillEntry, RestDirection, RestPage } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { paginate } from '../../http/paging.ts';
import { on } from '../../http/route.ts';
import { pageQuery, parseInput, wholeNumber } from '../../http/validate.ts';

const billQuery = pageQuery.extend({ direction: wholeNumber().pipe(z.number().min(0).max(1)).optional() });

/** The shopper's bill: payments are expenses (0), approved refunds incomes (1), newest first. */
export function ledgerRoutes(ctx: AppContext): Router {
  const router = Router();
  on(router, routes.ledger.bills, requireUser(ctx), async (req, res) => {
    const query = parseInput(billQuery, req.query);
    let base = ctx.db.selectFrom('ledger_entries').where('user_id', '=', req.user!.id);
    if (query.direction !== undefined) base = base.where('direction', '=', query.direction);
    const page: RestPage<RestBillEntry> = await paginate(
      base,
      query,
      (q) =>
        q
          .select(['id', 'direction', 'amount', 'type', 'order_id', 'order_no', 'at'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc'),
      (row) => ({
        id: row.id,
        direction: row.direction as RestDirection, // 0 or 1 (ledger/service.ts)
        amount: row.amount,
        type: row.type,
        orderId: row.order_id,
        orderNo: row.order_no,
        at: row.at,
      }),
    );
    ok(req, res, page);
  });
  return router;
}
