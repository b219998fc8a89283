import { formatMoney } from '../../../common/format.ts';

/** Money in fen shown as '¥1,234.50' (the same in every locale: docs/product.md, "Constants"). */
export function Money({ fen, className }: { fen: number | null | undefined; className?: string }) {
  if (fen == null) return null;
  return <span className={className}>{formatMoney(fen)}</span>;
}
