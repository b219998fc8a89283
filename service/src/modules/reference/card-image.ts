import { HOME_CARD_DEFAULT_SIZE, HOME_CARD_SIZES } from '@shop/common/pictures.ts';
import { CARDS } from './data.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!,
  );

/**
 * A locally generated card picture (no external assets): the card's colour, its title only as the
 * drawing's label; the words shown are the page's.
 */
export function renderCardSvg(card: { kind_code: string; image: string }, title: string) {
  const slug = /\/([a-z0-9-]+)\.svg$/.exec(card.image)?.[1];
  const color = CARDS.find((entry) => entry.slug === slug)?.color ?? '#ff4d50';
  const { width, height } = HOME_CARD_SIZES[card.kind_code] ?? HOME_CARD_DEFAULT_SIZE;
  const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.7"/></linearGradient></defs>`;
  if (card.kind_code === 'service') {
    // Coordinates to a tenth of a pixel: the tick looks the same and the file carries no float noise.
    const at = (share: number, of: number) => Math.round(share * of * 10) / 10;
    // A guarantee badge is shown small beside its text, so it carries a tick instead of words.
    return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
  ${gradient}
  <circle cx="${width / 2}" cy="${height / 2}" r="${width / 2}" fill="url(#g)"/>
  <path d="M${at(0.28, width)} ${at(0.52, height)} L${at(0.44, width)} ${at(0.67, height)} L${at(0.73, width)} ${at(0.36, height)}" fill="none" stroke="#fff" stroke-width="${at(0.09, width)}" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`;
  }
  // The storefront writes a card's title and subtitle over its picture as page text (readable before
  // the picture arrives), so the drawing carries none: two soft circles give the colour some depth.
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
  ${gradient}
  <rect width="${width}" height="${height}" rx="16" fill="url(#g)"/>
  <circle cx="${Math.round(width * 0.85)}" cy="${Math.round(height * 0.2)}" r="${Math.round(height * 0.45)}" fill="#fff" fill-opacity="0.12"/>
  <circle cx="${Math.round(width * 0.7)}" cy="${Math.round(height * 0.95)}" r="${Math.round(height * 0.3)}" fill="#fff" fill-opacity="0.08"/>
</svg>
`;
}
