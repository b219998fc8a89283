/**
 * The shop's text font stack, for the web app and the lpay pages: system fonts only (no web fonts).
 *
 * Latin families come before any CJK one. A browser takes each character from the first family
 * that has it, and the CJK families also carry Latin letters and punctuation, drawn full-width
 * ("account’ s"): listed first, as they would be on Linux and Android where the platform UI fonts
 * are missing, they would draw the English text too. With a Latin family first, Latin runs (the
 * English locale, product names and figures in Chinese text) use it and Chinese characters fall
 * through to the CJK families.
 */
export const LATIN_FONTS = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Helvetica Neue"',
  'Arial',
  '"Liberation Sans"',
] as const;

export const CJK_FONTS = [
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Source Han Sans SC"',
] as const;

export const FONT_STACK = [...LATIN_FONTS, ...CJK_FONTS, 'sans-serif'].join(', ');
