import type { SelectQueryBuilder } from 'kysely';
import type { PageQuery } from './validate.ts';

export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/**
 * Runs a filtered query as a page: one count over the same filters and one limited select.
 * `select` adds the columns and ordering to the shared base query.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: PageQuery,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  map: (row: O) => R,
): Promise<Page<R>> {
  return paginateRows(base, page, select, (rows) => rows.map(map));
}

/** As `paginate`, with the whole page's rows mapped at once (e.g. one lookup for every row's lines). */
export async function paginateRows<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: PageQuery,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  mapRows: (rows: O[]) => R[] | Promise<R[]>,
): Promise<Page<R>> {
  const [{ total }] = (await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute()) as unknown as [{ total: number }];
  const rows = await select(base)
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize)
    .execute();
  return {
    records: await mapRows(rows as O[]),
    total: Number(total),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
