import { type AppContext, iso } from '../../context.ts';
import { categoryIconUrl } from './image-urls.ts';
import { drawNewProducts, productRow } from './product-row.ts';
import { vocabularyWords } from './search-text.ts';
import { rememberWords } from './search-typos.ts';
import { SEED_CATEGORIES, SEED_PRODUCTS } from './seed-data.ts';

const DAY_MS = 86_400_000;

/**
 * Seeds the catalogue once: categories, sub-categories and products with their search text and
 * generated image URLs. Idempotent (nothing happens when categories exist) and deterministic
 * (the same rows every time; listing dates count back from the current UTC day).
 */
export async function seedCatalogue(ctx: AppContext): Promise<void> {
  const existing = await ctx.db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const today = Math.floor(ctx.now().getTime() / DAY_MS) * DAY_MS;
  await ctx.db.transaction().execute(async (trx) => {
    const slugToId = new Map<string, number>();
    let sort = 0;
    for (const top of SEED_CATEGORIES) {
      sort += 1;
      // The unique slug makes a parallel first start of another instance a no-op here.
      const row = await trx
        .insertInto('categories')
        .values({
          parent_id: null,
          name: top.name,
          name_en: top.nameEn,
          card_name: top.slug,
          icon: categoryIconUrl(top.slug),
          sort,
        })
        .onConflict((oc) => oc.column('card_name').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return;
      slugToId.set(top.slug, row.id);
      for (const [index, child] of top.children.entries()) {
        const inserted = await trx
          .insertInto('categories')
          .values({
            parent_id: row.id,
            name: child.name,
            name_en: child.nameEn,
            card_name: child.slug,
            icon: categoryIconUrl(child.slug),
            sort: index + 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        slugToId.set(child.slug, inserted.id);
      }
    }

    const vocabulary: string[] = [];
    for (const [index, product] of SEED_PRODUCTS.entries()) {
      const categoryId = slugToId.get(product.category);
      if (!categoryId)
        throw new Error(`Seed product ${product.name} has unknown category ${product.category}`);
      // Spread listings over the day too, so "newest" has no ties.
      const listedAt = iso(new Date(today - product.daysAgo * DAY_MS + ((index * 7) % 24) * 3_600_000));
      const row = productRow({
        category_id: categoryId,
        name: product.name,
        name_en: product.nameEn,
        description: product.description,
        description_en: product.descriptionEn,
        price: product.price,
        original_price: product.originalPrice,
        stock: product.stock,
        sales: product.sales,
        on_shelf: product.onShelf,
        listed_at: listedAt,
      });
      vocabulary.push(...vocabularyWords(row));
      const { id } = await trx.insertInto('products').values(row).returning('id').executeTakeFirstOrThrow();
      await drawNewProducts(trx, [id]);
    }
    await rememberWords(trx, vocabulary);
  });
}
