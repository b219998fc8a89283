import { routes } from '@shop/common/rest/routes.ts';
import {
  categoryFields,
  categoryNamesSchema,
  homeCardFields,
} from '@shop/common/validation/catalogue-structure.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { requirePermission } from '../../http/permissions.ts';
import { on } from '../../http/route.ts';
import { idParam, parseInput, wholeNumber } from '../../http/validate.ts';
import {
  adminCategory,
  adminCategoryTree,
  createCategory,
  reorderCategories,
  updateCategory,
} from './categories.ts';
import { deleteCategory, setCategoryHidden } from './category-lifecycle.ts';
import {
  adminHomeCard,
  adminHomeCards,
  createHomeCard,
  removeHomeCard,
  reorderHomeCards,
  updateHomeCard,
} from './home-cards.ts';
import { catalogueAdminMessages as m } from './messages.ts';

const version = wholeNumber().pipe(z.number().min(1));
/** The stored name POST /file/uploads answered, or null for the drawing. */
const picture = z.string().max(100).nullable();
const ids = z.array(idParam).min(1).max(500);

const createCategorySchema = z.strictObject({
  ...categoryFields,
  parentId: idParam.nullable().optional().default(null),
});
const updateCategorySchema = categoryNamesSchema.extend({ version, picture: picture.optional() }).strict();
const categoryOrderSchema = z.strictObject({ parentId: idParam.nullable(), categoryIds: ids });
const categoryHiddenSchema = z.strictObject({ version, hidden: z.boolean() });
const deleteCategorySchema = z.strictObject({ version });

const cardContent = {
  ...homeCardFields,
  kind: z.string().trim().min(1).max(40),
  enabled: z.boolean(),
  picture: picture.optional(),
};
const createCardSchema = z.strictObject(cardContent);
const updateCardSchema = z.strictObject({ ...cardContent, version });
const cardOrderSchema = z.strictObject({ cardIds: ids });
const removeCardSchema = z.strictObject({ version });

/**
 * Back office: the categories (`category:edit`) and the home page's cards (`home:edit`). Every
 * write answers the row as it now is, so the editor shows its new version at once.
 */
export function catalogueAdminRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use('/admin/category', requireUser(ctx), requirePermission('category:edit'));
  router.use('/admin/home-card', requireUser(ctx), requirePermission('home:edit'));

  on(router, routes.catalogueStructure.categories, async (req, res) => {
    ok(req, res, await adminCategoryTree(ctx, req.locale));
  });

  on(router, routes.catalogueStructure.createCategory, async (req, res) => {
    const id = await createCategory(ctx, parseInput(createCategorySchema, req.body));
    ok(req, res, await adminCategory(ctx, id, req.locale), m['category.created']);
  });

  // Before /:id, which would read 'order' as an id.
  on(router, routes.catalogueStructure.reorderCategories, async (req, res) => {
    await reorderCategories(ctx, parseInput(categoryOrderSchema, req.body));
    ok(req, res, await adminCategoryTree(ctx, req.locale), m['category.reordered']);
  });

  on(router, routes.catalogueStructure.updateCategory, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await updateCategory(ctx, id, parseInput(updateCategorySchema, req.body));
    ok(req, res, await adminCategory(ctx, id, req.locale), m['category.saved']);
  });

  on(router, routes.catalogueStructure.setCategoryHidden, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    const input = parseInput(categoryHiddenSchema, req.body);
    await setCategoryHidden(ctx, id, input);
    ok(
      req,
      res,
      await adminCategory(ctx, id, req.locale),
      m[input.hidden ? 'category.hidden' : 'category.shown'],
    );
  });

  on(router, routes.catalogueStructure.deleteCategory, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await deleteCategory(ctx, id, parseInput(deleteCategorySchema, req.body).version);
    ok(req, res, { id }, m['category.deleted']);
  });

  on(router, routes.catalogueStructure.homeCards, async (req, res) => {
    ok(req, res, await adminHomeCards(ctx, req.locale));
  });

  on(router, routes.catalogueStructure.createHomeCard, async (req, res) => {
    const id = await createHomeCard(ctx, parseInput(createCardSchema, req.body));
    ok(req, res, await adminHomeCard(ctx, id, req.locale), m['homeCard.created']);
  });

  on(router, routes.catalogueStructure.reorderHomeCards, async (req, res) => {
    await reorderHomeCards(ctx, parseInput(cardOrderSchema, req.body).cardIds);
    ok(req, res, await adminHomeCards(ctx, req.locale), m['homeCard.reordered']);
  });

  on(router, routes.catalogueStructure.updateHomeCard, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await updateHomeCard(ctx, id, parseInput(updateCardSchema, req.body));
    ok(req, res, await adminHomeCard(ctx, id, req.locale), m['homeCard.saved']);
  });

  on(router, routes.catalogueStructure.removeHomeCard, async (req, res) => {
    const id = parseInput(idParam, req.params.id);
    await removeHomeCard(ctx, id, parseInput(removeCardSchema, req.body).version);
    ok(req, res, { id }, m['homeCard.removed']);
  });

  return router;
}
