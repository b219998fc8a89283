/**
 * How an area of the shop's area list (provinces and their cities) reads as one line of an
 * address: "广东省 广州市", "Guangdong Guangzhou"; a municipality is its own city ("北京市").
 */
export function areaText(province: string, city: string): string {
  return province === city || !province ? city : `${province} ${city}`;
}

/** The province's code of a city code (GB/T 2260: the first two digits, then zeros). */
export function provinceCodeOf(cityCode: string): string {
  return `${cityCode.slice(0, 2)}0000`;
}

/** A city's code: six digits. */
export const AREA_CODE = /^\d{6}$/;
