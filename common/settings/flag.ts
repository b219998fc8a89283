/** On/off settings: the usual spellings both ways, anything else refused rather than read as off. */
import type { Kind } from './setting.ts';

const ON = /^(1|true|yes|on)$/i;
const OFF = /^(0|false|no|off)$/i;

export const flag: Kind<boolean> = {
  accepted: 'true or false (also 1/0, yes/no, on/off)',
  parse: (text) => (ON.test(text) ? true : OFF.test(text) ? false : null),
};
