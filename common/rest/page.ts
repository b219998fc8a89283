/** Money on the wire: an integer amount in fen (money stays integer fen until it is shown: docs/product.md, "Constants"). */
export type MoneyFen = number;

/** Every paged REST answer (`?pageNum&pageSize`). */
export interface RestPage<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** `?pageNum&pageSize` of every paged route (the service enforces the maximum). */
export interface RestPageQuery {
  pageNum: number;
  pageSize: number;
}
