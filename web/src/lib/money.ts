/**
 * Money is integer fen (1/100 yuan) everywhere. Formatting uses integer arithmetic only,
 * so there is no float drift: 123450 → '¥1,234.50', -5 → '-¥0.05'.
 * Both locales show the ¥ symbol, two decimals and comma thousands separators (SPEC §9).
 */
export function formatMoney(fen: number, _locale?: string): string {
  if (!Number.isFinite(fen)) return '';
  const value = Math.round(fen);
  const negative = value < 0;
  const abs = Math.abs(value);
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  const grouped = String(yuan).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}¥${grouped}.${String(cents).padStart(2, '0')}`;
}

/** Decimal yuan string without symbol or separators ('1234.50'), e.g. for inputs. */
export function fenToYuanString(fen: number): string {
  const abs = Math.abs(Math.round(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
