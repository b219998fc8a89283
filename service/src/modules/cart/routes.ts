import { cartTotals } from '@shop/common/cart-totals.ts';
import type { RestCart } from '@shop/common/rest/index.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { isZeroOrEmptyNumber } from '@shop/common/validators.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { badRequest, ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { idParam, parseInput, wholeNumber } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { type Locale, translate } from '../../i18n/index.ts';
import { catalogueMessages } from '../catalogue/messages.ts';
import { type ProductView, productBatch } from '../catalogue/service.ts';
import { cartMessages as m } from './messages.ts';
import {
  addToCart,
  type CartLineData,
  loadCart,
  MAX_LINE_QUANTITY,
  removeCartLine,
  selectAll,
  type UnavailableReason,
  updateCartLine,
} from './service.ts';

const selectedFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1)])
  .transform((value) => value === true || value === 1);

/** 1-999: empty or zero → '请输入数量' (docs/product.md, "Validation"), fractions → invalid, above the cap → its own text. */
const lineQuantity = wholeNumber(common['validation.enterQuantity'], isZeroOrEmptyNumber).pipe(
  z.number().min(1, common['validation.enterQuantity']).max(MAX_LINE_QUANTITY, m['cart.quantityMax']),
);

const addSchema = z.object({
  productId: idParam,
  quantity: lineQuantity,
});
const updateSchema = z.object({
  quantity: lineQuantity.optional(),
  selected: selectedFlag.optional(),
});
const selectAllSchema = z.object({ selected: selectedFlag });

const reasonText: Record<UnavailableReason, string> = {
  offShelf: catalogueMessages['catalogue.offShelf'],
  outOfStock: m['cart.outOfStock'],
  insufficientStock: m['cart.onlyLeft'],
};

/**
 * The cart as the shopper sees it: each line with its product as the catalogue answers it (so the
 * gateway needs no second call), and the totals of common/cart-totals.ts, which the web app's
 * optimistic answer computes the same way.
 */
export function cartView(
  lines: CartLineData[],
  products: Array<ProductView | null>,
  locale: Locale,
): RestCart {
  return {
    lines: lines.map((line, index) => ({
      id: line.id,
      productId: line.productId,
      quantity: line.quantity,
      selected: line.selected,
      unitPrice: line.unitPrice,
      priceChangedFrom: line.priceChangedFrom,
      subtotal: line.subtotal,
      available: line.available,
      unavailableReason: line.unavailableReason,
      unavailableText: line.unavailableReason
        ? translate(reasonText[line.unavailableReason], locale, { stock: line.stock })
        : null,
      stock: line.stock,
      product: products[index] ?? null,
    })),
    ...cartTotals(lines.map((line) => ({ ...line, unitPriceFen: line.unitPrice }))),
  };
}

function lineId(value: unknown): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success || !/^\d+$/.test(String(value))) throw badRequest(common['common.idMissing']);
  return parsed.data;
}

/** The signed-in shopper's cart: GET /shop/cart, lines add/change/remove, select all. */
export function cartRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireUser(ctx);
  const answer = async (req: Parameters<typeof ok>[0], res: Parameters<typeof ok>[1], notice?: string) => {
    const lines = await loadCart(ctx.db, req.user!.id);
    const products = await productBatch(
      ctx.db,
      lines.map((line) => line.productId),
      req.locale,
    );
    ok(req, res, cartView(lines, products, req.locale), notice);
  };

  on(router, routes.cart.get, auth, async (req, res) => {
    await answer(req, res);
  });

  on(router, routes.cart.add, auth, async (req, res) => {
    const input = parseInput(addSchema, req.body);
    await addToCart(ctx, req.user!.id, input.productId, input.quantity);
    await answer(req, res, m['cart.added']);
  });

  on(router, routes.cart.selectAll, auth, async (req, res) => {
    const { selected } = parseInput(selectAllSchema, req.body);
    await selectAll(ctx, req.user!.id, selected);
    await answer(req, res);
  });

  on(router, routes.cart.updateLine, auth, async (req, res) => {
    const id = lineId(req.params.id);
    const change = parseInput(updateSchema, req.body);
    if (change.quantity === undefined && change.selected === undefined) {
      throw badRequest(m['cart.nothingToChange']);
    }
    await updateCartLine(ctx, req.user!.id, id, change);
    await answer(req, res);
  });

  on(router, routes.cart.removeLine, auth, async (req, res) => {
    await removeCartLine(ctx, req.user!.id, lineId(req.params.id));
    await answer(req, res);
  });

  return router;
}
