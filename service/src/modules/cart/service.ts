import { lineSubtotal } from '@shop/common/cart-totals.ts';
import type { RestUnavailableReason } from '@shop/common/rest/index.ts';
import { MAX_LINE_QUANTITY } from '@shop/common/validation/cart-quantity.ts';
import type { Expression, Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import { notFound, refuse } from '../../http/envelope.ts';
import { catalogueMessages } from '../catalogue/messages.ts';
import { cartMessages as m } from './messages.ts';
import { lockUser } from './user-lock.ts';

/** A sane cart: at most this many different products, and MAX_LINE_QUANTITY of one product. */
export const MAX_CART_LINES = 100;
export { MAX_LINE_QUANTITY };

/** Why a line cannot be checked out right now. */
export type UnavailableReason = RestUnavailableReason;

/** A cart line with its product's current data (price, stock, shelf state). */
export interface CartLineData {
  id: number;
  productId: number;
  quantity: number;
  selected: boolean;
  /** Current product price in fen. */
  unitPrice: number;
  /**
   * The unit price (fen) when the shopper added the product, when it differs from the current one
   * (null when it does not, or for a line from before added prices were kept).
   */
  priceChangedFrom: number | null;
  subtotal: number;
  stock: number;
  onShelf: boolean;
  available: boolean;
  unavailableReason: UnavailableReason | null;
  product: { name: string; nameEn: string; image: string; categoryId: number };
  createdAt: string;
}

type Db = Kysely<Database>;

function cartQuery(db: Db, userId: number) {
  return db
    .selectFrom('cart_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select([
      'l.id',
      'l.product_id',
      'l.quantity',
      'l.selected',
      'l.added_price',
      'l.created_at',
      'p.name',
      'p.name_en',
      'p.image',
      'p.category_id',
      'p.price',
      'p.stock',
      'p.on_shelf',
    ])
    .where('l.user_id', '=', userId);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof cartQuery>['executeTakeFirstOrThrow']>>;

export function unavailableReason(
  onShelf: boolean,
  stock: number,
  quantity: number,
): UnavailableReason | null {
  if (!onShelf) return 'offShelf';
  if (stock <= 0) return 'outOfStock';
  if (quantity > stock) return 'insufficientStock';
  return null;
}

function toLine(row: LineRow): CartLineData {
  const onShelf = row.on_shelf === 1;
  const reason = unavailableReason(onShelf, row.stock, row.quantity);
  return {
    id: row.id,
    productId: row.product_id,
    quantity: row.quantity,
    selected: row.selected === 1,
    unitPrice: row.price,
    priceChangedFrom: row.added_price !== null && row.added_price !== row.price ? row.added_price : null,
    subtotal: lineSubtotal(row.price, row.quantity),
    stock: row.stock,
    onShelf,
    available: reason === null,
    unavailableReason: reason,
    product: { name: row.name, nameEn: row.name_en, image: row.image, categoryId: row.category_id },
    createdAt: row.created_at,
  };
}

/**
 * Units over a user's lines, one row with `quantity`: the lines loadCart answers (a line whose
 * product is gone is not one), so it is the cart's `totalQuantity` (common/cart-totals.ts counts
 * every line, available or not). `userId` may be a column of an outer query.
 */
export function cartQuantity(db: Db, userId: number | Expression<number>) {
  return db
    .selectFrom('cart_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.quantity'), eb.lit(0)).as('quantity'))
    .where('l.user_id', '=', userId);
}

/** Every line of a user's cart, newest first. */
export async function loadCart(db: Db, userId: number): Promise<CartLineData[]> {
  const rows = await cartQuery(db, userId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
  return rows.map(toLine);
}

/**
 * For checkout: a user's cart lines with current product data. With `lineIds`, exactly those
 * lines of this user (selected or not) in the order given — ids that are not the user's lines
 * are left out, so compare lengths to detect them. Without `lineIds`, the user's selected lines.
 * Each line says whether it is `available` (on the shelf, enough stock) and why not.
 * Works inside a transaction too (pass the `trx`).
 */
export async function loadCartLines(db: Db, userId: number, lineIds?: number[]): Promise<CartLineData[]> {
  if (lineIds) {
    if (!lineIds.length) return [];
    const rows = await cartQuery(db, userId)
      .where('l.id', 'in', Array.from(new Set(lineIds)))
      .execute();
    const byId = new Map(rows.map((row) => [row.id, toLine(row)]));
    return Array.from(new Set(lineIds)).flatMap((id) => byId.get(id) ?? []);
  }
  const rows = await cartQuery(db, userId)
    .where('l.selected', '=', 1)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map(toLine);
}

/** Removes lines from a user's cart (e.g. after they were ordered). Returns how many went. */
export async function removeCartLines(db: Db, userId: number, lineIds: number[]): Promise<number> {
  if (!lineIds.length) return 0;
  const result = await db
    .deleteFrom('cart_lines')
    .where('user_id', '=', userId)
    .where('id', 'in', lineIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'now'>;

function checkQuantity(wanted: number, stock: number): void {
  if (stock <= 0) throw refuse(m['cart.outOfStock'], {}, null, 3);
  if (wanted > stock) throw refuse(m['cart.insufficientStock'], { stock }, { stock }, 3);
  if (wanted > MAX_LINE_QUANTITY) throw refuse(m['cart.quantityMax'], {}, null, 3);
}

/**
 * Adds a product: merges into the existing line of the same product, bounded by stock and the
 * per-line limit; a new line respects the per-user line limit. Nothing is stored on refusal. The
 * line remembers the price the shopper added it at (adding again is seeing the price again).
 */
export async function addToCart(
  ctx: Ctx,
  userId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const product = await trx
      .selectFrom('products')
      .select(['stock', 'on_shelf', 'price'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw notFound(catalogueMessages['catalogue.productNotFound']);
    if (product.on_shelf !== 1) throw refuse(catalogueMessages['catalogue.offShelf'], {}, null, 3);
    const now = ctx.now().toISOString();
    const existing = await trx
      .selectFrom('cart_lines')
      .select(['id', 'quantity'])
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    checkQuantity((existing?.quantity ?? 0) + quantity, product.stock);
    if (existing) {
      const result = await trx
        .updateTable('cart_lines')
        .set({
          quantity: existing.quantity + quantity,
          selected: 1,
          added_price: product.price,
          updated_at: now,
        })
        .where('id', '=', existing.id)
        .where('quantity', '=', existing.quantity)
        .executeTakeFirst();
      // The user lock makes this compare-and-set always hold; never merge on a stale read.
      if (Number(result.numUpdatedRows) !== 1) throw new Error('cart line changed concurrently');
      return;
    }
    const [{ lines }] = await trx
      .selectFrom('cart_lines')
      .select((eb) => eb.fn.countAll<number>().as('lines'))
      .where('user_id', '=', userId)
      .execute();
    if (Number(lines) >= MAX_CART_LINES)
      throw refuse(m['cart.tooManyLines'], { max: MAX_CART_LINES }, null, 3);
    await insertCartLine(trx, userId, { productId, quantity, price: product.price }, now);
  });
}

/**
 * Puts a new, selected line in a user's cart (no checks: callers check stock and bounds), at the
 * unit price (fen) the shopper was shown; its id.
 */
export async function insertCartLine(
  db: Db,
  userId: number,
  line: { productId: number; quantity: number; price: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('cart_lines')
    .values({
      user_id: userId,
      product_id: line.productId,
      quantity: line.quantity,
      selected: 1,
      added_price: line.price,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a line's quantity (bounded by stock) and/or selection. 404 for another user's line. */
export async function updateCartLine(
  ctx: Ctx,
  userId: number,
  lineId: number,
  change: { quantity?: number; selected?: boolean },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockUser(trx, ctx.dialect, userId);
    const line = await cartQuery(trx, userId).where('l.id', '=', lineId).executeTakeFirst();
    if (!line) throw notFound(m['cart.lineNotFound']);
    const set: { quantity?: number; selected?: number; updated_at: string } = {
      updated_at: ctx.now().toISOString(),
    };
    if (change.quantity !== undefined && change.quantity !== line.quantity) {
      if (line.on_shelf !== 1) throw refuse(catalogueMessages['catalogue.offShelf'], {}, null, 3);
      // Lowering towards the stock is always allowed; raising must fit it.
      if (change.quantity > line.quantity || change.quantity > line.stock)
        checkQuantity(change.quantity, line.stock);
      set.quantity = change.quantity;
    }
    if (change.selected !== undefined) set.selected = change.selected ? 1 : 0;
    await trx
      .updateTable('cart_lines')
      .set(set)
      .where('id', '=', lineId)
      .where('user_id', '=', userId)
      .execute();
  });
}

export async function removeCartLine(ctx: Ctx, userId: number, lineId: number): Promise<void> {
  const removed = await removeCartLines(ctx.db, userId, [lineId]);
  if (!removed) throw notFound(m['cart.lineNotFound']);
}

export async function selectAll(ctx: Ctx, userId: number, selected: boolean): Promise<void> {
  await ctx.db
    .updateTable('cart_lines')
    .set({ selected: selected ? 1 : 0, updated_at: ctx.now().toISOString() })
    .where('user_id', '=', userId)
    .execute();
}
