/** An IANA time zone, refused when this Node's Intl does not know it rather than replaced. */
import { isTimeZone } from '../format.ts';
import type { Kind } from './setting.ts';

export const timeZone: Kind<string> = {
  accepted: 'an IANA time zone such as Asia/Shanghai or Europe/London',
  parse: (text) => (isTimeZone(text) ? text : null),
};
