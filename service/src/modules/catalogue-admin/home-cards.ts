import type { RestAdminHomeCard, RestAdminHomeCards } from '@shop/common/rest/index.ts';
import { type Selectable, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { CardTable } from '../../db/types.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import type { Locale } from '../../i18n/index.ts';
import { cardImageUrl } from '../reference/data.ts';
import { catalogueAdminMessages as m } from './messages.ts';
import { uploadedPicture } from './pictures.ts';
import { shownPicture } from './shown-picture.ts';

function view(row: Selectable<CardTable>, locale: Locale): RestAdminHomeCard {
  return {
    id: row.id,
    kind: row.kind_code,
    titleZh: row.title,
    titleEn: row.title_en,
    subtitleZh: row.subtitle,
    subtitleEn: row.subtitle_en,
    link: row.link,
    image: shownPicture(row, row.image, locale),
    picture: row.picture || null,
    sort: row.sort,
    enabled: row.enabled === 1,
    version: row.version,
  };
}

/** Every card, switched off ones too, in display order, and the kinds a card may have. */
export async function adminHomeCards(ctx: AppContext, locale: Locale): Promise<RestAdminHomeCards> {
  const [kinds, cards] = await Promise.all([
    ctx.db.selectFrom('card_kinds').selectAll().orderBy('sort').orderBy('id').execute(),
    ctx.db.selectFrom('cards').selectAll().orderBy('sort').orderBy('id').execute(),
  ]);
  return {
    kinds: kinds.map((row) => ({ code: row.code, name: locale === 'en-GB' ? row.name_en : row.name })),
    cards: cards.map((row) => view(row, locale)),
  };
}

export async function adminHomeCard(ctx: AppContext, id: number, locale: Locale): Promise<RestAdminHomeCard> {
  const row = await ctx.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(m['homeCard.notFound']);
  return view(row, locale);
}

/** What an admin writes of a card; `picture` undefined keeps the current one, null the drawing. */
export interface HomeCardContent {
  kind: string;
  titleZh: string;
  titleEn: string;
  subtitleZh: string;
  subtitleEn: string;
  link: string;
  enabled: boolean;
  picture?: string | null;
}

async function assertKind(ctx: AppContext, kind: string) {
  const row = await ctx.db.selectFrom('card_kinds').select('id').where('code', '=', kind).executeTakeFirst();
  if (!row) throw refuse(m['homeCard.unknownKind'], {}, { fields: { kind: m['homeCard.unknownKind'] } });
}

const columns = (input: HomeCardContent) => ({
  kind_code: input.kind,
  title: input.titleZh,
  title_en: input.titleEn,
  subtitle: input.subtitleZh,
  subtitle_en: input.subtitleEn,
  link: input.link,
  enabled: input.enabled ? 1 : 0,
});

/**
 * Adds a card at the end of the list. Until a picture is chosen it shows a drawing of its own
 * (its address names the card, so the drawing route finds it by that address).
 */
export async function createHomeCard(ctx: AppContext, input: HomeCardContent): Promise<number> {
  await assertKind(ctx, input.kind);
  const picture = await uploadedPicture(ctx, input.picture ?? null);
  return inTransaction(ctx.db, async (trx) => {
    const last = await trx
      .selectFrom('cards')
      .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
      .executeTakeFirst();
    const { id } = await trx
      .insertInto('cards')
      .values({ ...columns(input), picture, image: '', sort: Number(last?.sort ?? 0) + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('cards')
      .set({ image: cardImageUrl(`card-${id}`) })
      .where('id', '=', id)
      .execute();
    return id;
  });
}

/** Refuses a stale edit: the card exists but has moved on since `version` (404 when it is gone). */
async function staleOr404(ctx: AppContext, id: number): Promise<never> {
  const row = await ctx.db.selectFrom('cards').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(m['homeCard.notFound']);
  throw refuse(m['homeCard.versionConflict']);
}

/** Writes a card's content, kind, link, picture and switch, if it is still at `version`. */
export async function updateHomeCard(
  ctx: AppContext,
  id: number,
  input: HomeCardContent & { version: number },
): Promise<void> {
  await assertKind(ctx, input.kind);
  const picture = input.picture === undefined ? undefined : await uploadedPicture(ctx, input.picture);
  const result = await ctx.db
    .updateTable('cards')
    .set({ ...columns(input), ...(picture === undefined ? {} : { picture }), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) await staleOr404(ctx, id);
}

/** Removes a card, if it is still at `version` (switching it off keeps it instead). */
export async function removeHomeCard(ctx: AppContext, id: number, version: number): Promise<void> {
  const result = await ctx.db
    .deleteFrom('cards')
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) await staleOr404(ctx, id);
}

/**
 * Orders the cards as `ids` lists them, in one transaction. The list must be exactly the cards
 * there are now (one added or removed since means the order was chosen for another list).
 */
export async function reorderHomeCards(ctx: AppContext, ids: number[]): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    const current = new Set((await trx.selectFrom('cards').select('id').execute()).map((row) => row.id));
    const same =
      current.size === ids.length && new Set(ids).size === ids.length && ids.every((id) => current.has(id));
    if (!same) throw refuse(m['homeCard.orderStale']);
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable('cards')
        .set({ sort: index + 1 })
        .where('id', '=', id)
        .execute();
    }
  });
}
