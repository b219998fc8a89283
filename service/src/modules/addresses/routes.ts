import { addressFields } from '@shop/common/validation/addresses.ts';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireUser } from '../../http/auth.ts';
import { badRequest, ok } from '../../http/envelope.ts';
import { idParam, parseInput } from '../../http/validate.ts';
import { common } from '../../i18n/common.ts';
import { createAddress, deleteAddress, listAddresses, setDefaultAddress, updateAddress } from './service.ts';

/** The address form's shared rules (common/validation), and whether it becomes the default. */
export const addressSchema = z.object({
  ...addressFields,
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

  router.get('/shop/address/list', auth, async (req, res) => {
    ok(req, res, await listAddresses(ctx.db, req.user!.id));
  });

  router.post('/shop/address', auth, async (req, res) => {
    const input = parseInput(addressSchema, req.body);
    ok(req, res, await createAddress(ctx, req.user!.id, input), common['common.saved']);
  });

  router.put('/shop/address/:id/default', auth, async (req, res) => {
    await setDefaultAddress(ctx, req.user!.id, addressId(req.params.id));
    ok(req, res, await listAddresses(ctx.db, req.user!.id), common['common.ok']);
  });

  router.put('/shop/address/:id', auth, async (req, res) => {
    const id = addressId(req.params.id);
    const input = parseInput(addressSchema, req.body);
    ok(req, res, await updateAddress(ctx, req.user!.id, id, input), common['common.saved']);
  });

  router.delete('/shop/address/:id', auth, async (req, res) => {
    await deleteAddress(ctx, req.user!.id, addressId(req.params.id));
    ok(req, res, await listAddresses(ctx.db, req.user!.id), common['common.ok']);
  });

  return router;
}
