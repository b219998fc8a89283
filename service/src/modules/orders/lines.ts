import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';
import { refuse } from '../../http/envelope.ts';
import type { Locale } from '../../i18n/index.ts';
import { loadCartLines, unavailableReason } from '../cart/service.ts';
import { orderMessages as m } from './messages.ts';

/** Where the goods of an order come from: selected cart lines, or "buy now" of one product. */
export type LineSource =
  | { kind: 'cart'; cartLineIds: number[] }
  | { kind: 'product'; productId: number; quantity: number };

export interface OrderLine {
  cartLineId: number | null;
  productId: number;
  name: string;
  nameEn: string;
  image: string;
  unitPrice: number;
  quantity: number;
  stock: number;
  onShelf: boolean;
}

/** The cart's own rule: off the shelf, sold out, or fewer left than wanted. */
export const lineUnavailableReason = (line: OrderLine) =>
  unavailableReason(line.onShelf, line.stock, line.quantity);

export const localName = (line: { name: string; nameEn: string }, locale: Locale) =>
  locale === 'en-GB' && line.nameEn ? line.nameEn : line.name;

/** Loads the lines with the products' current names, prices and stock, sorted by product id. */
export async function resolveLines(
  db: Kysely<Database>,
  userId: number,
  source: LineSource,
): Promise<OrderLine[]> {
  const productColumns = [
    'products.id as productId',
    'products.name as name',
    'products.name_en as nameEn',
    'products.image as image',
    'products.price as unitPrice',
    'products.stock as stock',
    'products.on_shelf as onShelf',
  ] as const;
  let lines: OrderLine[];
  if (source.kind === 'cart') {
    const ids = [...new Set(source.cartLineIds)];
    const cartLines = await loadCartLines(db, userId, ids);
    if (cartLines.length !== ids.length) throw refuse(m['order.itemsMissing']);
    lines = cartLines.map((line) => ({
      cartLineId: line.id,
      productId: line.productId,
      name: line.product.name,
      nameEn: line.product.nameEn,
      image: line.product.image,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      stock: line.stock,
      onShelf: line.onShelf,
    }));
  } else {
    const row = await db
      .selectFrom('products')
      .select(productColumns)
      .where('products.id', '=', source.productId)
      .executeTakeFirst();
    if (!row) throw refuse(m['order.productMissing']);
    lines = [{ ...row, cartLineId: null, quantity: source.quantity, onShelf: row.onShelf === 1 }];
  }
  return lines.sort((a, b) => a.productId - b.productId);
}

/** Refuses the first line that cannot be bought, naming the product. */
export function assertAvailable(lines: OrderLine[], locale: Locale): void {
  for (const line of lines) {
    const reason = lineUnavailableReason(line);
    if (reason === 'offShelf') throw refuse(m['order.productOffShelf'], { name: localName(line, locale) });
    if (reason === 'insufficientStock' || reason === 'outOfStock') {
      throw refuse(m['order.insufficientStock'], { name: localName(line, locale) });
    }
  }
}

export function totals(lines: OrderLine[]) {
  const productAmount = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shippingFee = 0;
  return { totalQuantity, productAmount, shippingFee, payableAmount: productAmount + shippingFee };
}
