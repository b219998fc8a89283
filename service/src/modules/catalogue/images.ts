import { routes } from '@shop/common/rest/routes.ts';
import { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/envelope.ts';
import { on } from '../../http/route.ts';
import { imageLocale } from '../../i18n/image-language.ts';
import { compressDrawings, sendDrawing } from '../files/drawings.ts';
import { PICTURES, pictureKindOf } from './product-pictures.ts';
import { type IconKind, SEED_CATEGORIES } from './seed-data.ts';

/**
 * Product and category pictures are drawn here as SVG (nothing can be downloaded): a coloured
 * card in the category's hue with a drawing of the product's kind (product-pictures.ts; the
 * category's icon when no kind fits) and the product's short name, in the language the address
 * names (image-urls.ts builds the addresses).
 */

/** Category icons; the kinds products share are the products' own drawings. */
const ICONS: Record<IconKind, string> = {
  phone: PICTURES.phone,
  laptop: PICTURES.laptop,
  appliance:
    '<rect x="30" y="12" width="40" height="62" rx="5"/><path d="M30 34h40" stroke="#fff" stroke-width="2" opacity=".6"/><rect x="36" y="20" width="3" height="9" fill="#fff"/><rect x="36" y="40" width="3" height="12" fill="#fff"/>',
  shirt: PICTURES.shirt,
  bottle: PICTURES.bottle,
  apple: PICTURES.apple,
  sofa: '<rect x="22" y="28" width="56" height="22" rx="6"/><rect x="12" y="40" width="76" height="22" rx="6"/><rect x="18" y="62" width="6" height="8"/><rect x="76" y="62" width="6" height="8"/>',
  ball: '<circle cx="50" cy="44" r="28"/><path d="M22 44h56M50 16v56M30 24c10 10 10 30 0 40M70 24c-10 10-10 30 0 40" stroke="#fff" stroke-width="2" fill="none" opacity=".6"/>',
  book: PICTURES.book,
  toy: '<circle cx="32" cy="24" r="9"/><circle cx="68" cy="24" r="9"/><circle cx="50" cy="46" r="24"/><circle cx="42" cy="42" r="3" fill="#fff"/><circle cx="58" cy="42" r="3" fill="#fff"/><ellipse cx="50" cy="54" rx="6" ry="4" fill="#fff" opacity=".7"/>',
};

interface Look {
  hue: number;
  icon: IconKind;
}

const lookBySlug = new Map<string, Look>();
/** A sub-category's own drawing; a top category shows its icon. */
const categoryPictures = new Map<string, Drawing>();
for (const top of SEED_CATEGORIES) {
  lookBySlug.set(top.slug, { hue: top.hue, icon: top.icon });
  for (const child of top.children) {
    lookBySlug.set(child.slug, { hue: top.hue, icon: top.icon });
    categoryPictures.set(child.slug, { name: child.picture, shapes: PICTURES[child.picture] });
  }
}
const DEFAULT_LOOK: Look = { hue: 0, icon: 'bottle' };

const iconDrawing = (look: Look): Drawing => ({ name: `category-${look.icon}`, shapes: ICONS[look.icon] });

/** Cuts by characters, not UTF-16 units, so a Chinese name never ends in half a character. */
function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * A short English label: the noun phrase before any comma, bracket, colon, "with" or "for",
 * without trailing specs (12GB+256GB, 30ml, 80 x 6 packs), then its last words that fit, since
 * English puts the noun last ("Xingyao X5 Pro 5G Smartphone 12GB+256GB" → "Pro 5G Smartphone").
 * One over-long word is cut.
 */
export function shortEnglishName(name: string, max = 18): string {
  const phrase = name.split(/[,(:]| with | for /)[0] ?? name;
  const words = phrase.split(/\s+/).filter(Boolean);
  const isSpec = (word: string) => /\d|^(?:x|packs?|pieces|bags|count)$/i.test(word);
  while (words.length > 1 && isSpec(words[words.length - 1])) words.pop();
  let label = words.pop() ?? name;
  while (words.length > 0 && label.length + 1 + words[words.length - 1].length <= max) {
    label = `${words.pop()} ${label}`;
  }
  return truncate(label.replace(/^(?:of|and|&)\s+/i, ''), max);
}

/**
 * A short label for the card: the longest Chinese segment of the name (brands and specs are
 * usually separate words). It is read from its start: one longer than `max` characters keeps its
 * beginning and ends in '…', never losing its first characters ('女士法式碎花连衣裙' stays whole).
 */
export function shortName(name: string, max = 12): string {
  const segments = name
    .replace(/[《》]/g, '')
    .split(/[\s,，()（）]+/)
    .filter(Boolean);
  const chinese = segments.filter((segment) => /\p{Script=Han}/u.test(segment));
  const pick = chinese.reduce(
    (best, segment) => (Array.from(segment).length > Array.from(best).length ? segment : best),
    chinese[0] ?? segments[0] ?? name,
  );
  return truncate(pick, max);
}

/** The title's width across the card and the largest size it is drawn at. */
const TITLE_WIDTH = 344;
const TITLE_SIZE = 32;

/**
 * The title's font size: the largest up to 32 at which it fits the card's width, so a long name is
 * drawn smaller instead of running over the edges (a Han character is about 1 em wide, Latin
 * letters, digits and spaces about 0.6 em).
 */
export function titleFontSize(title: string): number {
  const ems = Array.from(title).reduce((sum, c) => sum + (/[\u2E80-\uFFEF]/.test(c) ? 1 : 0.6), 0);
  return Math.max(12, Math.min(TITLE_SIZE, Math.floor(TITLE_WIDTH / Math.max(ems, 1))));
}

/** A drawing and what it shows (named in the SVG, so a test can tell which one a picture has). */
interface Drawing {
  name: string;
  shapes: string;
}

function card(hue0: number, drawing: Drawing, variant: number, title: string, subtitle: string): string {
  const hue = (hue0 + variant * 24) % 360;
  const from = `hsl(${hue} 70% 94%)`;
  const to = `hsl(${(hue + 20) % 360} 65% 82%)`;
  const ink = `hsl(${hue} 55% 38%)`;
  const font = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Helvetica Neue',Arial,sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="400" height="400" rx="28" fill="url(#g)"/>
<circle cx="200" cy="160" r="104" fill="#fff" opacity=".55"/>
<g data-drawing="${drawing.name}" transform="translate(110 72) scale(1.8)" fill="${ink}" color="${ink}">${drawing.shapes}</g>
<text x="200" y="318" text-anchor="middle" font-family="${font}" font-size="${titleFontSize(title)}" font-weight="600" fill="${ink}">${escapeXml(title)}</text>
${subtitle ? `<text x="200" y="356" text-anchor="middle" font-family="${font}" font-size="18" fill="${ink}" opacity=".75">${escapeXml(subtitle)}</text>\n` : ''}</svg>`;
}

/** Drawn cards change only when a product is renamed: a day fresh, a week more while revalidated. */
const CARD_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';

/** GET /static/products/:id(-n).svg and /static/categories/:slug.svg (public, cacheable). */
export function imageRoutes(ctx: AppContext): Router {
  const router = Router();
  on(router, routes.catalogue.productImage, compressDrawings, async (req, res) => {
    const match = /^(\d{1,9})(?:-([1-3]))?\.svg$/.exec(String(req.params.file));
    if (!match) throw notFound();
    const product = await ctx.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .leftJoin('categories as top', 'top.id', 'c.parent_id')
      .select(['p.name', 'p.name_en', 'c.card_name', 'top.card_name as top_card_name'])
      .where('p.id', '=', Number(match[1]))
      .executeTakeFirst();
    if (!product) throw notFound();
    const look = lookBySlug.get(product.top_card_name ?? product.card_name) ?? DEFAULT_LOOK;
    const kind = pictureKindOf(product.name_en);
    const drawing = kind ? { name: kind, shapes: PICTURES[kind] } : iconDrawing(look);
    const variant = match[2] ? Number(match[2]) - 1 : 0;
    const [title, subtitle] =
      imageLocale(req) === 'en-GB'
        ? [shortEnglishName(product.name_en), truncate(product.name_en, 30)]
        : [shortName(product.name), truncate(product.name, 18)];
    await sendDrawing(ctx, req, res, card(look.hue, drawing, variant, title, subtitle), CARD_CACHE);
  });
  on(router, routes.catalogue.categoryImage, compressDrawings, async (req, res) => {
    const match = /^([a-z0-9-]{1,60})\.svg$/.exec(String(req.params.file));
    if (!match) throw notFound();
    const category = await ctx.db
      .selectFrom('categories as c')
      .leftJoin('categories as top', 'top.id', 'c.parent_id')
      .select(['c.name', 'c.name_en', 'c.card_name', 'top.card_name as top_card_name'])
      .where('c.card_name', '=', match[1])
      .executeTakeFirst();
    if (!category) throw notFound();
    const look = lookBySlug.get(category.top_card_name ?? category.card_name) ?? DEFAULT_LOOK;
    const english = imageLocale(req) === 'en-GB';
    const name = english ? category.name_en : category.name;
    const drawing = categoryPictures.get(category.card_name) ?? iconDrawing(look);
    await sendDrawing(ctx, req, res, card(look.hue, drawing, 0, name, ''), CARD_CACHE);
  });
  return router;
}
