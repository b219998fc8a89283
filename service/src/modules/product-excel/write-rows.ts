import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { drawNewProducts, productRow } from '../catalogue/product-row.ts';
import { vocabularyWords } from '../catalogue/search-text.ts';
import { rememberWords } from '../catalogue/search-typos.ts';
import { type ProductActor, recordProductChange } from '../product-admin/history.ts';
import type { ProductRow } from './rules.ts';

/** Rows per INSERT: ~25 columns each stays far below either database's bound on parameters. */
const BATCH = 200;

/** The fields a history row lists for a product created by an import (values as stored). */
const changesOf = (product: ProductRow) =>
  Object.entries(product).map(([field, after]) => ({ field, before: null, after }));

/**
 * Creates every product in one transaction, with a history row (kind 'imported') for each: all
 * of them or, on any failure, none. Answers the new ids in the order of the rows.
 */
export async function writeProducts(
  ctx: AppContext,
  products: readonly ProductRow[],
  actor: ProductActor,
): Promise<number[]> {
  const at = ctx.now().toISOString();
  return inTransaction(ctx.db, async (trx) => {
    const ids: number[] = [];
    const vocabulary: string[] = [];
    for (let start = 0; start < products.length; start += BATCH) {
      const batch = products.slice(start, start + BATCH);
      const rows = batch.map((product) => {
        const row = productRow({
          category_id: product.categoryId,
          name: product.nameZh,
          name_en: product.nameEn,
          description: product.descriptionZh,
          description_en: product.descriptionEn,
          price: product.price,
          original_price: product.originalPrice,
          stock: product.stock,
          on_shelf: product.onShelf,
          listed_at: at,
        });
        vocabulary.push(...vocabularyWords(row));
        return { ...row, is_hot: product.isHot ? 1 : 0, is_new: product.isNew ? 1 : 0 };
      });
      const inserted = await trx.insertInto('products').values(rows).returning('id').execute();
      // Generated ids rise in the order of the VALUES list, whatever order RETURNING hands them back in.
      ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
    }
    await drawNewProducts(trx, ids);
    for (const [index, product] of products.entries()) {
      await recordProductChange(trx, {
        productId: ids[index],
        actor,
        kind: 'imported',
        changes: changesOf(product),
        version: 1,
        at,
      });
    }
    await rememberWords(trx, vocabulary);
    return ids;
  });
}
