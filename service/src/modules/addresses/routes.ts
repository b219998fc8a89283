import { AREA_CODE } from '@shop/common/areas.ts';
import { routes } from '@shop/common/rest/routes.ts';
import { addressFields } from '@shop/common/validation/addresses.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { badRequest, ok } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { idParam, parseInput } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from './service.ts';

/** The address form's shared rules (common/validation), and whether it becomes the default. */
export const addressSchema = z.object({
  ...addressFields,
  cityCode: z.string().regex(AREA_CODE).nullish(),
  isDefault: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .transform((value) => value === true || value === 1)
    .optional(),
});

function addressId(value: unknown): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success || !/^\d+$/.test(String(value))) throw badRequest(common['common.idMissing']);
  return parsed.data;
}

/** The signed-in shopper's delivery addresses. */
export function addressRoutes(ctx: AppContext): Router {
  const router = Router();
  const auth = requireUser(ctx);

  on(router, routes.addresses.list, auth, async (req, res) => {
    ok(req, res, await listAddresses(ctx.db, req.user!.id, req.locale));
  });

  on(router, routes.addresses.create, auth, async (req, res) => {
    const input = parseInput(addressSchema, req.body);
    ok(req, res, await createAddress(ctx, req.user!.id, input, req.locale), common['common.saved']);
  });

  on(router, routes.addresses.setDefault, auth, async (req, res) => {
    await setDefaultAddress(ctx, req.user!.id, addressId(req.params.id));
    ok(req, res, await listAddresses(ctx.db, req.user!.id, req.locale), common['common.ok']);
  });

  on(router, routes.addresses.update, auth, async (req, res) => {
    const id = addressId(req.params.id);
    const input = parseInput(addressSchema, req.body);
    ok(req, res, await updateAddress(ctx, req.user!.id, id, input, req.locale), common['common.saved']);
  });

  on(router, routes.addresses.remove, auth, async (req, res) => {
    await deleteAddress(ctx, req.user!.id, addressId(req.params.id));
    ok(req, res, await listAddresses(ctx.db, req.user!.id, req.locale), common['common.ok']);
  });

  return router;
}
