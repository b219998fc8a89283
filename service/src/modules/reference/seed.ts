import type { AppContext } from '../../context.ts';
import { citiesOf, PROVINCES } from './areas-data.ts';
import { CARD_KINDS, CARDS, CONFIG, cardImageUrl, DICTIONARIES, NOTICES, SETTINGS } from './data.ts';

/**
 * Seeds areas, dictionaries, config, settings, notices and cards. Idempotent: rows that are
 * already there (by code, key or title) are left as they are, so restarts change nothing and
 * values changed in the database are kept.
 */
export async function seedReference(ctx: AppContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const provinces = PROVINCES.map((province, index) => ({
      code: province.code,
      parent_code: null,
      name: province.name,
      name_en: province.nameEn,
      sort: index,
    }));
    await trx
      .insertInto('areas')
      .values(provinces)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const cities = PROVINCES.flatMap((province) =>
      citiesOf(province).map((city, index) => ({
        code: city.code,
        parent_code: province.code,
        name: city.name,
        name_en: city.nameEn,
        sort: index,
      })),
    );
    await trx
      .insertInto('areas')
      .values(cities)
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();

    const dictRows = Object.entries(DICTIONARIES).flatMap(([key, entries]) =>
      entries.map(([value, label, labelEn], index) => ({
        dict_key: key,
        value,
        label,
        label_en: labelEn,
        sort: index,
      })),
    );
    await trx
      .insertInto('dict_items')
      .values(dictRows)
      .onConflict((oc) => oc.columns(['dict_key', 'value']).doNothing())
      .execute();

    const configRows = [
      ...Object.entries(CONFIG).map(([name, value]) => ({
        key: `config.${name}`,
        value: JSON.stringify(value),
      })),
      ...Object.entries(SETTINGS).map(([name, value]) => ({
        key: `settings.${name}`,
        value: JSON.stringify(value),
      })),
    ];
    await trx
      .insertInto('system_config')
      .values(configRows)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();

    const existingNotices = new Set(
      (await trx.selectFrom('notices').select('title').execute()).map((row) => row.title),
    );
    const newNotices = NOTICES.filter((notice) => !existingNotices.has(notice.title['zh-CN']));
    if (newNotices.length) {
      await trx
        .insertInto('notices')
        .values(
          newNotices.map((notice) => ({
            title: notice.title['zh-CN'],
            title_en: notice.title['en-GB'],
            content: notice.content['zh-CN'],
            content_en: notice.content['en-GB'],
            published_at: notice.publishedAt,
          })),
        )
        .execute();
    }

    await trx
      .insertInto('card_kinds')
      .values(
        CARD_KINDS.map((kind, index) => ({
          code: kind.code,
          name: kind.name['zh-CN'],
          name_en: kind.name['en-GB'],
          sort: index,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();

    const existingCards = new Set(
      (await trx.selectFrom('cards').select('image').execute()).map((row) => row.image),
    );
    const newCards = CARDS.map((card, index) => ({ card, index })).filter(
      ({ card }) => !existingCards.has(cardImageUrl(card.slug)),
    );
    if (newCards.length) {
      await trx
        .insertInto('cards')
        .values(
          newCards.map(({ card, index }) => ({
            kind_code: card.kind,
            title: card.title['zh-CN'],
            title_en: card.title['en-GB'],
            subtitle: card.subtitle['zh-CN'],
            subtitle_en: card.subtitle['en-GB'],
            image: cardImageUrl(card.slug),
            link: card.link,
            sort: index,
          })),
        )
        .execute();
    }
  });
}
