import type { RestRealName } from '@shop/common/rest/index.ts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { iso } from '../../context.ts';
import { refuse, unauthorized } from '../../http/envelope.ts';
import { accountMessages as m } from './messages.ts';
import { maskCitizenId } from './rules.ts';
import type { realNameSchema } from './schemas.ts';

/** GET/POST /shop/user/real-name (common/rest/). */
export type RealNameAnswer = RestRealName;

/** The caller's real-name data; only the masked ID number is ever stored or shown. */
export async function getRealName(ctx: AppContext, userId: number): Promise<RealNameAnswer> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['real_name', 'id_number_masked', 'is_real'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return { realName: row.real_name, idNumberMasked: row.id_number_masked, isReal: row.is_real === 1 };
}

/** Records a verified real name once (compare-and-set on is_real = 0). */
export async function submitRealName(
  ctx: AppContext,
  userId: number,
  input: z.output<ReturnType<typeof realNameSchema>>,
): Promise<RealNameAnswer> {
  const result = await ctx.db
    .updateTable('users')
    .set({
      real_name: input.realName,
      id_number_masked: maskCitizenId(input.idNumber),
      is_real: 1,
      updated_at: iso(ctx.now()),
    })
    .where('id', '=', userId)
    .where('is_real', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw refuse(m['account.alreadyReal'], {}, null, 3);
  return getRealName(ctx, userId);
}
