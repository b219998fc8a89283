import { isTimeZone } from '@shop/common/format.ts';
import type { RestCard, RestCardList, RestConfig, RestNotice, RestOption } from '@shop/common/rest/index.ts';
import type { AppContext } from '../../context.ts';
import type { Locale } from '../../i18n/index.ts';
import { shownPicture } from '../catalogue-admin/shown-picture.ts';

/** An area option (common/rest/): provinces hold their cities. */
export interface AreaOption extends RestOption {
  children: Array<{ value: string; label: string }>;
}

/** A dictionary option (common/rest/). */
export type DictOption = RestOption;

const english = (locale: Locale) => locale === 'en-GB';

/** Provinces with their cities, in seed order, labelled in the caller's language. */
export async function listAreas(ctx: AppContext, locale: Locale): Promise<AreaOption[]> {
  const rows = await ctx.db
    .selectFrom('areas')
    .select(['code', 'parent_code', 'name', 'name_en'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
  const label = (row: (typeof rows)[number]) => (english(locale) ? row.name_en : row.name);
  const provinces = new Map<string, AreaOption>();
  for (const row of rows) {
    if (row.parent_code === null)
      provinces.set(row.code, { value: row.code, label: label(row), children: [] });
  }
  for (const row of rows) {
    if (row.parent_code !== null) {
      provinces.get(row.parent_code)?.children.push({ value: row.code, label: label(row) });
    }
  }
  return [...provinces.values()];
}

/** The options of one dictionary, or null when no such dictionary exists. */
export async function listDictionary(
  ctx: AppContext,
  key: string,
  locale: Locale,
): Promise<DictOption[] | null> {
  const rows = await ctx.db
    .selectFrom('dict_items')
    .select(['value', 'label', 'label_en'])
    .where('dict_key', '=', key)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (!rows.length) return null;
  return rows.map((row) => ({ value: row.value, label: english(locale) ? row.label_en : row.label }));
}

/** A stored value written as `{"zh-CN": …, "en-GB": …}` is answered in the caller's language. */
function localise(value: unknown, locale: Locale): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === 2 && typeof record['zh-CN'] === 'string' && typeof record['en-GB'] === 'string') {
      return record[locale];
    }
  }
  return value;
}

/** The `system_config` rows under `<prefix>.`, as one object. */
export async function readConfigGroup(
  ctx: AppContext,
  prefix: 'config' | 'settings',
  locale: Locale,
): Promise<Record<string, unknown>> {
  const rows = await ctx.db
    .selectFrom('system_config')
    .select(['key', 'value'])
    .where('key', 'like', `${prefix}.%`)
    .orderBy('key')
    .execute();
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      out[row.key.slice(prefix.length + 1)] = localise(JSON.parse(row.value), locale);
    } catch {
      ctx.log.warn({ key: row.key }, 'system_config value is not JSON; left out');
    }
  }
  return out;
}

/** GET /shop/system/config (common/rest/) plus whatever else the stored group holds. */
export type SystemConfig = RestConfig & Record<string, unknown>;

/** The stored config plus the values that come from the service's own configuration. */
export async function systemConfig(ctx: AppContext, locale: Locale): Promise<SystemConfig> {
  const stored = await readConfigGroup(ctx, 'config', locale);
  return {
    ...stored,
    paymentTtlSeconds: Math.round(ctx.config.paymentTtlMs / 1000),
    uploadMaxBytes: ctx.config.uploadMaxBytes,
    timeZone: isTimeZone(stored.timeZone as string) ? (stored.timeZone as string) : ctx.config.shopTimeZone,
  } as SystemConfig;
}

/** GET /shop/notice/list (common/rest/). */
export interface Notice extends RestNotice {
  publishedAt: string;
}

/** Published notices, newest first (at most `limit`). Notices dated in the future are not shown yet. */
export async function listNotices(ctx: AppContext, locale: Locale, limit = 100): Promise<Notice[]> {
  const rows = await ctx.db
    .selectFrom('notices')
    .selectAll()
    .where('published_at', '<=', ctx.now().toISOString())
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: english(locale) ? row.title_en : row.title,
    content: english(locale) ? row.content_en : row.content,
    publishedAt: row.published_at,
  }));
}

/** A home-page card (common/rest/). */
export type Card = RestCard;

export interface CardKind {
  code: string;
  name: string;
}

/** Home-page cards that are switched on (ordered within their kind) and the card kinds. */
export async function listCards(
  ctx: AppContext,
  locale: Locale,
): Promise<RestCardList & { cards: Card[]; kinds: CardKind[] }> {
  const [kindRows, cardRows] = await Promise.all([
    ctx.db.selectFrom('card_kinds').selectAll().orderBy('sort').orderBy('id').execute(),
    ctx.db.selectFrom('cards').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute(),
  ]);
  return {
    kinds: kindRows.map((row) => ({ code: row.code, name: english(locale) ? row.name_en : row.name })),
    cards: cardRows.map((row) => ({
      id: row.id,
      kind: row.kind_code,
      title: english(locale) ? row.title_en : row.title,
      subtitle: english(locale) ? row.subtitle_en : row.subtitle,
      image: shownPicture(row, row.image, locale),
      link: row.link,
    })),
  };
}

export async function findCardByImage(ctx: AppContext, image: string) {
  return ctx.db.selectFrom('cards').selectAll().where('image', '=', image).executeTakeFirst();
}
