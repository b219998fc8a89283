import { CARDS } from './data.ts';

const SIZES: Record<string, [number, number]> = {
  banner: [750, 300],
  promotion: [360, 200],
  service: [160, 160],
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!,
  );

/** A locally generated card picture: the card's colour, title and subtitle (no external assets). */
export function renderCardSvg(card: { kind_code: string; image: string }, title: string, subtitle: string) {
  const slug = /\/([a-z0-9-]+)\.svg$/.exec(card.image)?.[1];
  const color = CARDS.find((entry) => entry.slug === slug)?.color ?? '#ff4d50';
  const [width, height] = SIZES[card.kind_code] ?? [360, 200];
  const small = card.kind_code === 'service';
  const titleSize = small ? 22 : Math.round(height / 6);
  const subtitleSize = Math.round(titleSize * 0.6);
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0.7"/></linearGradient></defs>
  <rect width="${width}" height="${height}" rx="${small ? 80 : 16}" fill="url(#g)"/>
  <text x="50%" y="${small ? 48 : 46}%" text-anchor="middle" font-family="PingFang SC, Microsoft YaHei, sans-serif" font-size="${titleSize}" font-weight="bold" fill="#fff">${escapeXml(title)}</text>
  <text x="50%" y="${small ? 66 : 64}%" text-anchor="middle" font-family="PingFang SC, Microsoft YaHei, sans-serif" font-size="${subtitleSize}" fill="#fff" fill-opacity="0.9">${escapeXml(subtitle)}</text>
</svg>
`;
}
