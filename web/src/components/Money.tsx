import { useIntl } from 'react-intl';
import { formatMoney } from '../lib/money.ts';

/** Money in fen shown as '¥1,234.50'. */
export function Money({ fen, className }: { fen: number | null | undefined; className?: string }) {
  const intl = useIntl();
  if (fen == null) return null;
  return <span className={className}>{formatMoney(fen, intl.locale)}</span>;
}
