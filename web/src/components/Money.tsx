import { formatMoney, type MoneyAmount } from '@shop/common/format.ts';

/** Money as the API's `Money` gives it (fen and currency), shown as '¥1,234.50' in every locale (docs/product.md, "Constants"). */
export function Money({ value, className }: { value: MoneyAmount | null | undefined; className?: string }) {
  if (value == null) return null;
  return <span className={className}>{formatMoney(value.fen, value.currency)}</span>;
}
