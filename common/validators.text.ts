/**
 * What text the shop stores: no control characters and nothing that changes how text around
 * it is displayed. Shared by the service (it refuses such input) and the web app.
 *
 * - Control characters (C0 U+0000–U+001F, DEL, C1 U+0080–U+009F) are refused; tab, line feed
 *   and carriage return only in multi-line text. NUL in particular cannot be stored by
 *   PostgreSQL at all.
 * - Direction controls (U+202A–U+202E embeddings/overrides, U+2066–U+2069 isolates, U+200E/F
 *   marks, U+061C) and invisible characters (U+200B–U+200D zero-width space/joiners, U+2060
 *   word joiner, U+FEFF byte-order mark, U+2028/U+2029 separators) are refused, not stripped:
 *   '\u202E' in a phone number displays it reversed, and silently changing what a shopper
 *   typed is worse than saying why it was refused.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
const INVISIBLE = /[\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]/;

export type UnsafeText = 'control' | 'lineBreak' | 'invisible';

/**
 * Why `value` may not be stored as text, or null when it may. `multiline` allows tab, line feed
 * and carriage return.
 */
export function unsafeTextReason(value: string, multiline = false): UnsafeText | null {
  if (CONTROL.test(value)) return 'control';
  if (INVISIBLE.test(value)) return 'invisible';
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return 'lineBreak';
  return null;
}
