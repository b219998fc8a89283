/**
 * The text font stack: system fonts only, and on a system without the platform UI fonts (Linux,
 * Android) a Latin family is reached before any CJK one, so English punctuation is not drawn
 * full-width by a CJK font ("account’ s"). The storefront and the lpay pages use the same stack.
 */
import { describe, expect, it } from 'vitest';
import { messagePage } from '../../service/src/modules/payments/lpay/page.ts';
import { theme } from '../../web/src/theme.ts';

const families = (stack: string) => stack.split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
const isCjk = (family: string) =>
  /PingFang|Hiragino|YaHei|CJK|Noto Sans SC|Source Han|SimSun|SimHei/i.test(family);
/** Latin families present on Linux or Android, where the Apple and Windows UI fonts are not. */
const linuxLatin = ['Roboto', 'Noto Sans', 'Liberation Sans', 'DejaVu Sans', 'Cantarell', 'Ubuntu'];

describe('font stack', () => {
  it('reaches a Linux/Android Latin family before any CJK family, and names system fonts only', () => {
    const list = families(theme.fonts.body);
    const firstCjk = list.findIndex(isCjk);
    const firstLinuxLatin = list.findIndex((family) => linuxLatin.includes(family));
    expect(firstCjk).toBeGreaterThan(-1);
    expect(firstLinuxLatin).toBeGreaterThan(-1);
    expect(firstLinuxLatin).toBeLessThan(firstCjk);
    // every Latin family before the CJK ones: none is left for a CJK font to pre-empt
    expect(list.slice(firstCjk).filter((family) => !isCjk(family))).toEqual(['sans-serif']);
    expect(theme.fonts.body).not.toMatch(/url\(|@font-face|https?:/);
  });

  it('is the stack of the lpay pages too', () => {
    const html = messagePage('en-GB', { name: 'Shop', home: '/' }, 'payment.linkExpired');
    expect(html).toContain(`font-family: ${theme.fonts.body};`);
  });
});
