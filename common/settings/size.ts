/** Sizes in bytes, in the syntax of Express's body limits ('100kb', '1.5mb', or a plain number of bytes). */
import bytes from 'bytes';
import type { Kind } from './setting.ts';

const ACCEPTED = 'a size such as 100kb, 1.5mb or 32mb (a bare number is bytes)';

function byteCount(text: string): number | null {
  if (!/^(\d+|\d+(\.\d+)?\s*(b|kb|mb|gb|tb|pb))$/i.test(text)) return null;
  const parsed = bytes.parse(text);
  return parsed !== null && Number.isSafeInteger(parsed) && parsed > 0 ? parsed : null;
}

/** A size as a number of bytes. */
export const size: Kind<number> = { accepted: ACCEPTED, parse: byteCount };

/** A size kept as written, for libraries that take the text (express.json's `limit`). */
export const sizeText: Kind<string> = {
  accepted: ACCEPTED,
  parse: (text) => (byteCount(text) === null ? null : text),
};
