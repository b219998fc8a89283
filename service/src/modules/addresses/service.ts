import type { RestAddress, RestAddressInput } from '@shop/common/rest/index.ts';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import type { Locale } from '../../i18n/index.ts';
import { lockUser } from '../cart/user-lock.ts';
import { type AddressRow, addressColumns, storedCity, viewsOf } from './cities.ts';
import { addressMessages as m } from './messages.ts';

/** A sane address book: at most this many addresses per user. */
export const MAX_ADDRESSES = 20;

/** What a shopper sends to add or change an address. */
export type AddressInput = RestAddressInput;

/** The REST address (common/rest/), as every address route answers it. */
export type AddressView = RestAddress;

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'now'>;
type Db = Kysely<Database>;
type Row = AddressRow;
const columns = addressColumns;

/** The user's addresses, the default first, then in the order they were added. */
export async function listAddresses(db: Db, userId: number, locale: Locale): Promise<AddressView[]> {
  const rows = await db
    .selectFrom('addresses')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'asc')
    .execute();
  return viewsOf(db, rows, locale);
}

async function ownAddress(trx: Db, userId: number, id: number): Promise<Row> {
  const row = await trx
    .selectFrom('addresses')
    .select(columns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(m['address.notFound']);
  return row;
}

async function clearDefault(trx: Db, userId: number, now: string): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
}

/** Saves a new address; the user's first address (or one asked to be) becomes the default. */
export async function createAddress(
  ctx: Ctx,
  userId: number,
  input: AddressInput,
  locale: Locale,
): Promise<AddressView> {
  const city = await storedCity(ctx.db, input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const now = ctx.now().toISOString();
    const counts = await trx
      .selectFrom('addresses')
      .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.sum<number>('is_default').as('defaults')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(counts.total) >= MAX_ADDRESSES)
      throw refuse(m['address.limit'], { max: MAX_ADDRESSES }, null, 3);
    const hasDefault = Number(counts.defaults ?? 0) > 0;
    const makeDefault = input.isDefault === true || !hasDefault;
    if (makeDefault && hasDefault) await clearDefault(trx, userId, now);
    const row = await trx
      .insertInto('addresses')
      .values({
        user_id: userId,
        recipient: input.recipient,
        phone: input.phone,
        ...city,
        detail: input.detail,
        is_default: makeDefault ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return row;
  });
  const [view] = await viewsOf(ctx.db, [row], locale);
  return view;
}

/** Edits an address. `isDefault: true` makes it the default; the default cannot be unset here. */
export async function updateAddress(
  ctx: Ctx,
  userId: number,
  id: number,
  input: AddressInput,
  locale: Locale,
): Promise<AddressView> {
  const city = await storedCity(ctx.db, input);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const current = await ownAddress(trx, userId, id);
    const now = ctx.now().toISOString();
    const makeDefault = input.isDefault === true && current.is_default !== 1;
    if (makeDefault) await clearDefault(trx, userId, now);
    const row = await trx
      .updateTable('addresses')
      .set({
        recipient: input.recipient,
        phone: input.phone,
        ...city,
        detail: input.detail,
        ...(makeDefault ? { is_default: 1 } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return row;
  });
  const [view] = await viewsOf(ctx.db, [row], locale);
  return view;
}

/** Deletes an address; when it was the default, the most recently used other one takes over. */
export async function deleteAddress(ctx: Ctx, userId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const current = await ownAddress(trx, userId, id);
    await trx.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute();
    if (current.is_default !== 1) return;
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (next) {
      await trx
        .updateTable('addresses')
        .set({ is_default: 1, updated_at: ctx.now().toISOString() })
        .where('id', '=', next.id)
        .execute();
    }
  });
}

/** Makes one address the default, atomically (the unique partial index backs this up). */
export async function setDefaultAddress(ctx: Ctx, userId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const current = await ownAddress(trx, userId, id);
    if (current.is_default === 1) return;
    const now = ctx.now().toISOString();
    await clearDefault(trx, userId, now);
    await trx
      .updateTable('addresses')
      .set({ is_default: 1, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  });
}
