/**
 * Request bodies hold text only if it is well-formed Unicode. A decoder that puts U+FFFD in place of
 * bytes that are not text in the body's charset (body-parser's does), or a JSON escape of a lone
 * surrogate (`"\ud800"`, which a database then writes as bytes no UTF-8 reader accepts), would store
 * something other than what was sent. The servers refuse such a body as a whole: nothing of it is kept.
 */

/**
 * Whether `bytes` are well-formed text in `charset` (body-parser's `verify(req, res, buf, encoding)`
 * gives both; a body without a charset is UTF-8). A charset the platform's decoder does not know is
 * left to the parser, and its lone surrogates to `wellFormedValue` after it.
 */
export function wellFormedBytes(bytes: Uint8Array, charset: string | null | undefined): boolean {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset || 'utf-8', { fatal: true });
  } catch {
    return true;
  }
  try {
    decoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A lone surrogate: with the `u` flag a paired one is a single code point, never matched. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Whether every string of a parsed body (JSON, or a urlencoded form's fields), names included, is
 * well-formed Unicode. Walked without recursion: a deeply nested body cannot exhaust the stack.
 */
export function wellFormedValue(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (LONE_SURROGATE.test(next)) return false;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (LONE_SURROGATE.test(key)) return false;
        pending.push(item);
      }
    }
  }
  return true;
}
