import { areaText } from '@shop/common/areas.ts';
import { citiesOf, PROVINCES } from './areas-data.ts';

/** One line of spaces, so "广东省  广州市 " finds the same city as "广东省 广州市". */
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ');

function buildIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const ambiguous = new Set<string>();
  const add = (text: string, code: string) => {
    const key = normalise(text);
    const known = index.get(key);
    if (known !== undefined && known !== code) ambiguous.add(key);
    else index.set(key, code);
  };
  for (const province of PROVINCES) {
    for (const city of citiesOf(province)) {
      // The texts the address form has written in either language, and the city's name alone.
      add(areaText(province.name, city.name), city.code);
      add(areaText(province.nameEn, city.nameEn), city.code);
      add(city.name, city.code);
      add(city.nameEn, city.code);
    }
  }
  // A name two cities share names neither.
  for (const key of ambiguous) index.delete(key);
  return index;
}

let index: Map<string, string> | undefined;

/**
 * The city code of an address's city as written, when the text names one city of the area list
 * in Chinese or English ("广东省 广州市", "Beijing", "Guangzhou"); null for any other text.
 */
export function cityCodeOfText(text: string): string | null {
  index ??= buildIndex();
  return index.get(normalise(text)) ?? null;
}
