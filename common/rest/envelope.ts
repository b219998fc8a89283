/** 1 success, 2 error, 3 warning (how the client shows `alterMsg`). */
export type MessageType = 1 | 2 | 3;

/** The one answer shape of every JSON endpoint of the service (docs/architecture.md). */
export interface Envelope<T> {
  success: boolean;
  data: T | null;
  /** For developers: a stable message key such as `cart.added`. */
  message: string;
  /** For people: the text to show, in the caller's language, or null. */
  alterMsg: string | null;
  type: MessageType;
}
