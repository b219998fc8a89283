import { formatMoney } from '../../../common/format.ts';

/** Money in fen shown as '¥1,234.50' (the same in every locale, SPEC §9). */
export function Money({ fen, className }: { fen: number | null | undefined; className?: string }) {
  if (fen == null) return null;
  return <span className={className}>{formatMoney(fen)}</span>;
}
