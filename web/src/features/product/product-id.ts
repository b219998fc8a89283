/** A usable product id: a positive integer (anything else shows 'id缺失！'). */
export function isProductId(value: string | null | undefined): value is string {
  return value != null && /^[1-9]\d*$/.test(value.trim());
}
