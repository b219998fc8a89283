/** Money on the wire: an integer amount in fen (SPEC: money is integer fen until formatted). */
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
