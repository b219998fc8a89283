/**
 * A drawing per kind of product (a tea cup for tea, a fish for salmon, earphones for earbuds …),
 * in a 100 × 100 box: shapes in the card's ink (`fill`, `currentColor`), highlights in white.
 * A product's kind comes from its English name (pictureKindOf); a product no rule knows is drawn
 * with its category's icon.
 */

const mist = (xs: number[], y: number) =>
  `<path d="${xs.map((x) => `M${x} ${y}c-4-5 4-9 0-14`).join('')}" stroke="currentColor" stroke-width="3" fill="none" stroke-linecap="round" opacity=".6"/>`;

export const PICTURES = {
  phone:
    '<rect x="34" y="14" width="32" height="58" rx="6"/><rect x="38" y="20" width="24" height="42" rx="2" fill="#fff" opacity=".35"/><circle cx="50" cy="67" r="2.5" fill="#fff"/>',
  earbuds:
    '<circle cx="34" cy="34" r="13"/><rect x="29" y="38" width="10" height="36" rx="5"/><circle cx="66" cy="34" r="13"/><rect x="61" y="38" width="10" height="36" rx="5"/><circle cx="34" cy="34" r="5" fill="#fff" opacity=".5"/><circle cx="66" cy="34" r="5" fill="#fff" opacity=".5"/>',
  headphones:
    '<path d="M18 58V46a32 32 0 0 1 64 0v12" fill="none" stroke="currentColor" stroke-width="7"/><rect x="10" y="50" width="20" height="30" rx="7"/><rect x="70" y="50" width="20" height="30" rx="7"/>',
  speaker:
    '<rect x="24" y="14" width="52" height="68" rx="12"/><circle cx="50" cy="58" r="15" fill="#fff" opacity=".5"/><circle cx="50" cy="58" r="6"/><circle cx="50" cy="30" r="5" fill="#fff" opacity=".5"/>',
  watch:
    '<rect x="38" y="6" width="24" height="20" rx="4"/><rect x="38" y="70" width="24" height="20" rx="4"/><rect x="28" y="22" width="44" height="52" rx="12"/><rect x="34" y="28" width="32" height="40" rx="7" fill="#fff" opacity=".4"/><path d="M50 38v12l7 5" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>',
  laptop:
    '<rect x="24" y="22" width="52" height="34" rx="4"/><rect x="29" y="27" width="42" height="24" fill="#fff" opacity=".35"/><path d="M14 60h72l-6 9H20z"/>',
  tablet:
    '<rect x="22" y="10" width="56" height="80" rx="7"/><rect x="27" y="16" width="46" height="64" rx="2" fill="#fff" opacity=".35"/><circle cx="50" cy="85" r="2" fill="#fff"/>',
  pen: '<path d="M66 12l14 14-44 44-18 6 6-18z"/><path d="M62 16l14 14" stroke="#fff" stroke-width="3" opacity=".6"/><path d="M24 70l-4 8 8-4z" fill="#fff" opacity=".7"/>',
  keyboard:
    '<rect x="8" y="28" width="84" height="42" rx="5"/><path d="M15 39h7M27 39h7M39 39h7M51 39h7M63 39h7M75 39h7M15 49h7M27 49h7M39 49h7M51 49h7M63 49h7M75 49h7M27 59h46" stroke="#fff" stroke-width="5" opacity=".6"/>',
  mouse:
    '<rect x="30" y="14" width="40" height="70" rx="20"/><path d="M50 14v24M30 38h40" stroke="#fff" stroke-width="2.5" opacity=".6"/><rect x="47" y="22" width="6" height="10" rx="3" fill="#fff"/>',
  monitor:
    '<rect x="10" y="14" width="80" height="52" rx="4"/><rect x="15" y="19" width="70" height="42" fill="#fff" opacity=".35"/><path d="M44 66h12l4 14H40z"/><rect x="30" y="78" width="40" height="6" rx="3"/>',
  cooker:
    '<ellipse cx="50" cy="36" rx="34" ry="12"/><path d="M16 40h68v28a14 14 0 0 1-14 14H30a14 14 0 0 1-14-14z"/><rect x="44" y="20" width="12" height="8" rx="3"/><rect x="38" y="54" width="24" height="10" rx="3" fill="#fff" opacity=".5"/>',
  fryer:
    '<rect x="18" y="12" width="64" height="74" rx="10"/><rect x="28" y="44" width="44" height="32" rx="6" fill="#fff" opacity=".45"/><rect x="40" y="22" width="20" height="8" rx="4" fill="#fff" opacity=".7"/><rect x="42" y="54" width="16" height="6" rx="3"/>',
  blender:
    '<path d="M30 8h40l-6 52H36z" opacity=".75"/><path d="M38 22h22M39 34h20" stroke="#fff" stroke-width="2" opacity=".6"/><rect x="30" y="60" width="40" height="28" rx="5"/><circle cx="50" cy="74" r="5" fill="#fff"/>',
  robot:
    '<circle cx="50" cy="50" r="38"/><circle cx="50" cy="50" r="27" fill="#fff" opacity=".3"/><circle cx="50" cy="28" r="6" fill="#fff"/><path d="M30 74h40" stroke="#fff" stroke-width="3" opacity=".6"/>',
  vacuum:
    '<rect x="56" y="6" width="14" height="16" rx="4"/><rect x="52" y="20" width="20" height="24" rx="6"/><path d="M58 44L36 80" stroke="currentColor" stroke-width="6" stroke-linecap="round"/><rect x="16" y="78" width="42" height="10" rx="5"/>',
  humidifier: `<path d="M30 40h40v38a8 8 0 0 1-8 8H38a8 8 0 0 1-8-8z"/><rect x="44" y="30" width="12" height="10" rx="2"/>${mist([44, 56], 24)}<rect x="38" y="54" width="24" height="14" rx="4" fill="#fff" opacity=".4"/>`,
  dryer:
    '<path d="M16 30a22 22 0 0 1 22-22h30a8 8 0 0 1 8 8v28a8 8 0 0 1-8 8H38a22 22 0 0 1-22-22z"/><circle cx="38" cy="30" r="10" fill="#fff" opacity=".45"/><path d="M44 52h16l-4 36H46z"/><path d="M82 22h8M82 30h10M82 38h8" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
  toothbrush:
    '<rect x="44" y="30" width="12" height="62" rx="6"/><rect x="42" y="6" width="16" height="28" rx="5" opacity=".8"/><path d="M46 10v16M50 10v16M54 10v16" stroke="#fff" stroke-width="2" opacity=".7"/><circle cx="50" cy="56" r="3" fill="#fff"/>',
  shaver:
    '<rect x="32" y="34" width="36" height="56" rx="14"/><path d="M26 12h48v16a6 6 0 0 1-6 6H32a6 6 0 0 1-6-6z"/><path d="M34 20h32" stroke="#fff" stroke-width="3" opacity=".6"/><circle cx="50" cy="56" r="5" fill="#fff" opacity=".7"/>',
  shirt: '<path d="M36 16l-20 10 7 14 7-4v36h40V36l7 4 7-14-20-10c-2 6-7 9-14 9s-12-3-14-9z"/>',
  tanktop:
    '<path d="M32 10h8c0 8 4 12 10 12s10-4 10-12h8l2 22c0 8 8 10 8 18v36H22V50c0-8 8-10 8-18z"/><path d="M30 56h40" stroke="#fff" stroke-width="3" opacity=".6"/>',
  coat: '<path d="M34 10L14 22l-2 64h76l-2-64-20-12-16 14z"/><path d="M50 24v62" stroke="#fff" stroke-width="2.5" opacity=".7"/><path d="M28 54h10M62 54h10" stroke="#fff" stroke-width="2" opacity=".5"/>',
  dress:
    '<path d="M40 8h20l-2 16 8 14-4 8 22 40H16l22-40-4-8 8-14z"/><path d="M36 46h28" stroke="#fff" stroke-width="3" opacity=".6"/>',
  trousers:
    '<path d="M28 10h44l8 80H58L50 36l-8 54H20z"/><path d="M28 18h44" stroke="#fff" stroke-width="3" opacity=".6"/>',
  backpack:
    '<path d="M40 18a10 10 0 0 1 20 0" stroke="currentColor" stroke-width="5" fill="none"/><rect x="24" y="18" width="52" height="70" rx="14"/><rect x="32" y="52" width="36" height="26" rx="6" fill="#fff" opacity=".4"/>',
  suitcase:
    '<path d="M40 18v-8h20v8" stroke="currentColor" stroke-width="5" fill="none"/><rect x="26" y="18" width="48" height="64" rx="7"/><path d="M38 26v48M50 26v48M62 26v48" stroke="#fff" stroke-width="2.5" opacity=".5"/><circle cx="34" cy="87" r="4"/><circle cx="66" cy="87" r="4"/>',
  shoe: '<path d="M10 70V46c0-4 4-6 8-4l14 8c10 4 16-6 16-6l10 6c8 6 22 8 32 10 6 2 8 6 8 10v4H10z"/><path d="M10 74h80v6H10z" opacity=".7"/><path d="M52 50l4-4M60 54l4-4" stroke="#fff" stroke-width="2.5"/>',
  bottle:
    '<rect x="42" y="10" width="16" height="10" rx="2"/><path d="M38 24h24l4 8v40a4 4 0 0 1-4 4H38a4 4 0 0 1-4-4V32z"/><rect x="40" y="42" width="20" height="16" fill="#fff" opacity=".4"/>',
  tube: '<path d="M30 14h40l-6 62H36z"/><rect x="40" y="76" width="20" height="12" rx="2"/><rect x="36" y="30" width="28" height="18" fill="#fff" opacity=".4"/>',
  lipstick:
    '<path d="M40 26l20-14v28H40z"/><rect x="36" y="40" width="28" height="12" rx="2" opacity=".8"/><rect x="34" y="52" width="32" height="38" rx="4"/><path d="M40 64h20" stroke="#fff" stroke-width="2" opacity=".6"/>',
  palette:
    '<rect x="8" y="22" width="84" height="56" rx="8"/><g fill="#fff" opacity=".6"><circle cx="24" cy="38" r="7"/><circle cx="42" cy="38" r="7"/><circle cx="60" cy="38" r="7"/><circle cx="78" cy="38" r="7"/><circle cx="24" cy="60" r="7"/><circle cx="42" cy="60" r="7"/><circle cx="60" cy="60" r="7"/><circle cx="78" cy="60" r="7"/></g>',
  soap: '<rect x="14" y="40" width="72" height="40" rx="18"/><ellipse cx="50" cy="56" rx="22" ry="8" fill="#fff" opacity=".4"/><circle cx="30" cy="26" r="6" opacity=".5"/><circle cx="44" cy="16" r="4" opacity=".5"/><circle cx="60" cy="26" r="5" opacity=".5"/>',
  nuts: '<ellipse cx="34" cy="38" rx="13" ry="18" transform="rotate(-25 34 38)"/><ellipse cx="66" cy="36" rx="13" ry="18" transform="rotate(20 66 36)"/><ellipse cx="50" cy="68" rx="18" ry="15"/><path d="M50 55v26M40 64c4 4 16 4 20 0" stroke="#fff" stroke-width="2" fill="none" opacity=".6"/>',
  snackbag:
    '<path d="M24 12h52l-4 12 6 58a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4l6-58z"/><path d="M24 12l4 12h44l4-12z" fill="#fff" opacity=".3"/><ellipse cx="50" cy="54" rx="16" ry="12" fill="#fff" opacity=".45"/>',
  chocolate:
    '<rect x="22" y="10" width="56" height="80" rx="4"/><path d="M22 30h56M22 50h56M22 70h56M50 10v80" stroke="#fff" stroke-width="2.5" opacity=".5"/>',
  cookie:
    '<circle cx="50" cy="50" r="36"/><g fill="#fff" opacity=".6"><circle cx="38" cy="38" r="5"/><circle cx="62" cy="42" r="4"/><circle cx="46" cy="62" r="5"/><circle cx="66" cy="64" r="3.5"/><circle cx="30" cy="56" r="3"/></g>',
  teacup: `<path d="M18 44h56v6a28 28 0 0 1-56 0z"/><path d="M74 50h4a8 8 0 0 1 0 16h-6" stroke="currentColor" stroke-width="5" fill="none"/><ellipse cx="46" cy="86" rx="36" ry="5"/>${mist([34, 46, 58], 36)}<path d="M38 58c4-8 14-10 18-4-6 6-14 8-18 4z" fill="#fff" opacity=".6"/>`,
  coffee: `<path d="M20 32h50v36a14 14 0 0 1-14 14H34a14 14 0 0 1-14-14z"/><path d="M70 42h4a10 10 0 0 1 0 20h-4" stroke="currentColor" stroke-width="6" fill="none"/>${mist([34, 46, 58], 24)}<ellipse cx="45" cy="52" rx="7" ry="10" fill="#fff" opacity=".5"/><path d="M45 43q-4 9 0 18" stroke="currentColor" stroke-width="2" fill="none"/>`,
  carton:
    '<path d="M30 26l10-14h20l10 14v62H30z"/><path d="M30 26h40" stroke="#fff" stroke-width="2" opacity=".6"/><rect x="44" y="4" width="10" height="8" rx="2"/><ellipse cx="50" cy="58" rx="12" ry="14" fill="#fff" opacity=".45"/>',
  apple:
    '<path d="M50 30c-8-6-26-4-26 16 0 16 12 30 20 30 3 0 4-2 6-2s3 2 6 2c8 0 20-14 20-30 0-20-18-22-26-16z"/><path d="M50 30c0-8 4-14 10-16" stroke-width="3" fill="none" stroke="currentColor"/>',
  cherry:
    '<circle cx="32" cy="68" r="16"/><circle cx="68" cy="64" r="16"/><path d="M32 52C36 32 50 20 58 12M68 48C64 32 60 22 58 12" stroke="currentColor" stroke-width="3" fill="none"/><path d="M58 12c8-4 18-2 22 4-8 4-16 4-22-4z"/><circle cx="27" cy="63" r="4" fill="#fff" opacity=".6"/><circle cx="63" cy="59" r="4" fill="#fff" opacity=".6"/>',
  fish: '<path d="M8 50c14-20 44-24 64-8l18-12v40L72 58c-20 16-50 12-64-8z"/><circle cx="24" cy="46" r="3.5" fill="#fff"/><path d="M40 38c4 6 4 18 0 24M52 36c4 8 4 20 0 28" stroke="#fff" stroke-width="2.5" fill="none" opacity=".6"/>',
  bed: '<rect x="8" y="42" width="84" height="28" rx="4"/><rect x="8" y="22" width="12" height="58" rx="3"/><rect x="24" y="30" width="22" height="12" rx="5"/><path d="M50 42h42v14H50z" fill="#fff" opacity=".35"/><rect x="84" y="66" width="8" height="14" rx="2"/>',
  duvet:
    '<rect x="14" y="28" width="72" height="18" rx="8"/><rect x="10" y="48" width="80" height="18" rx="8" opacity=".8"/><rect x="14" y="68" width="72" height="16" rx="8" opacity=".6"/><path d="M22 37h56M22 57h56" stroke="#fff" stroke-width="2" stroke-dasharray="4 4" opacity=".7"/>',
  pillow:
    '<path d="M14 34c0-10 10-12 36-12s36 2 36 12v32c0 10-10 12-36 12S14 76 14 66c4-10 4-22 0-32z"/><path d="M30 50c12 8 28 8 40 0" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>',
  pan: '<path d="M8 44h66a33 33 0 0 1-66 0z"/><rect x="72" y="40" width="26" height="8" rx="4"/><path d="M18 54c10 10 36 10 46 0" stroke="#fff" stroke-width="2.5" fill="none" opacity=".5"/>',
  flask:
    '<rect x="36" y="8" width="28" height="12" rx="3"/><rect x="32" y="20" width="36" height="70" rx="10"/><rect x="36" y="22" width="28" height="4" fill="#fff" opacity=".6"/><rect x="40" y="40" width="6" height="36" rx="3" fill="#fff" opacity=".45"/>',
  plate:
    '<circle cx="48" cy="52" r="34"/><circle cx="48" cy="52" r="22" fill="#fff" opacity=".4"/><rect x="88" y="22" width="5" height="62" rx="2.5"/><path d="M6 22v18a4 4 0 0 0 8 0V22M10 40v44" stroke="currentColor" stroke-width="3" fill="none"/>',
  chair:
    '<rect x="30" y="8" width="40" height="40" rx="10"/><rect x="24" y="50" width="52" height="12" rx="5"/><rect x="47" y="62" width="6" height="16"/><path d="M26 86l24-8 24 8" stroke="currentColor" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M38 20h24M38 30h24" stroke="#fff" stroke-width="2" opacity=".5"/>',
  desk: '<rect x="8" y="34" width="84" height="10" rx="3"/><rect x="20" y="44" width="8" height="38"/><rect x="72" y="44" width="8" height="38"/><rect x="12" y="82" width="24" height="6" rx="3"/><rect x="64" y="82" width="24" height="6" rx="3"/><rect x="38" y="12" width="26" height="18" rx="2" opacity=".7"/><rect x="49" y="30" width="4" height="4"/>',
  box: '<path d="M12 38h76v44a4 4 0 0 1-4 4H16a4 4 0 0 1-4-4z"/><path d="M8 26h84v12H8z" opacity=".8"/><rect x="40" y="50" width="20" height="8" rx="4" fill="#fff" opacity=".6"/>',
  mat: '<rect x="8" y="54" width="62" height="28" rx="4"/><circle cx="70" cy="54" r="22"/><circle cx="70" cy="54" r="12" fill="#fff" opacity=".5"/><circle cx="70" cy="54" r="5"/>',
  dumbbell:
    '<rect x="28" y="46" width="44" height="8" rx="3"/><rect x="14" y="28" width="14" height="44" rx="4"/><rect x="72" y="28" width="14" height="44" rx="4"/><rect x="6" y="36" width="8" height="28" rx="3"/><rect x="86" y="36" width="8" height="28" rx="3"/>',
  treadmill:
    '<path d="M8 74h74l8-8" stroke="currentColor" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M70 70l10-50" stroke="currentColor" stroke-width="5" stroke-linecap="round"/><rect x="64" y="14" width="28" height="10" rx="4"/><circle cx="14" cy="86" r="4"/><circle cx="80" cy="86" r="4"/>',
  tent: '<path d="M50 14L6 84h88z"/><path d="M50 40L34 84h32z" fill="#fff" opacity=".55"/><path d="M50 14V6" stroke="currentColor" stroke-width="3"/>',
  poles:
    '<path d="M34 12l-6 78M66 12l6 78" stroke="currentColor" stroke-width="5" stroke-linecap="round"/><rect x="28" y="8" width="12" height="20" rx="4"/><rect x="60" y="8" width="12" height="20" rx="4"/><path d="M22 80h12M66 80h12" stroke="currentColor" stroke-width="3"/>',
  book: '<path d="M18 20c12-4 22-2 32 6v50c-10-8-20-10-32-6z"/><path d="M82 20c-12-4-22-2-32 6v50c10-8 20-10 32-6z" opacity=".75"/>',
  notebook:
    '<rect x="22" y="10" width="56" height="80" rx="6"/><rect x="22" y="10" width="10" height="80" rx="3" opacity=".7"/><rect x="72" y="42" width="12" height="18" rx="3"/><path d="M42 30h26M42 40h20" stroke="#fff" stroke-width="3" opacity=".6"/>',
  nappy:
    '<path d="M10 26h80v14c0 24-18 42-40 42S10 64 10 40z"/><path d="M10 31h80" stroke="#fff" stroke-width="4" opacity=".6"/><path d="M40 56c6 4 14 4 20 0" stroke="#fff" stroke-width="3" fill="none" opacity=".6"/>',
  stroller:
    '<path d="M20 44h56a28 28 0 0 1-28 24H34a14 14 0 0 1-14-14z"/><path d="M20 44a28 28 0 0 1 28-28v28z" opacity=".8"/><path d="M76 44l8-20h8" stroke="currentColor" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="30" cy="82" r="8"/><circle cx="66" cy="82" r="8"/><path d="M34 68l-4 8M62 68l4 8" stroke="currentColor" stroke-width="3"/>',
  wipes:
    '<rect x="12" y="30" width="76" height="50" rx="12"/><ellipse cx="50" cy="44" rx="20" ry="7" fill="#fff" opacity=".5"/><path d="M42 44c2-12 14-12 16 0z" fill="#fff" opacity=".9"/>',
  blocks:
    '<rect x="10" y="56" width="36" height="28" rx="2"/><rect x="50" y="56" width="36" height="28" rx="2" opacity=".8"/><rect x="28" y="24" width="40" height="28" rx="2" opacity=".9"/><path d="M16 53h8M32 53h8M56 53h8M72 53h8M34 21h8M52 21h8" stroke="currentColor" stroke-width="6"/>',
  car: '<path d="M8 62V50l12-4 10-16h36l12 16 14 4v12z"/><rect x="36" y="34" width="12" height="10" fill="#fff" opacity=".5"/><rect x="52" y="34" width="12" height="10" fill="#fff" opacity=".5"/><circle cx="28" cy="66" r="11"/><circle cx="72" cy="66" r="11"/><circle cx="28" cy="66" r="4" fill="#fff"/><circle cx="72" cy="66" r="4" fill="#fff"/><path d="M66 30l10-20" stroke="currentColor" stroke-width="2"/>',
  panda:
    '<circle cx="26" cy="24" r="11"/><circle cx="74" cy="24" r="11"/><circle cx="50" cy="52" r="32" fill="#fff" stroke="currentColor" stroke-width="4"/><ellipse cx="38" cy="48" rx="7" ry="9" transform="rotate(-20 38 48)"/><ellipse cx="62" cy="48" rx="7" ry="9" transform="rotate(20 62 48)"/><circle cx="39" cy="47" r="2" fill="#fff"/><circle cx="61" cy="47" r="2" fill="#fff"/><ellipse cx="50" cy="64" rx="5" ry="3.5"/>',
} as const;

export type PictureKind = keyof typeof PICTURES;

/**
 * English-name patterns → drawing, first match wins: the more specific come first (a phone
 * watch is a watch, a vacuum flask a flask, dress shoes shoes, a tablet stylus a pen).
 */
const RULES: Array<[RegExp, PictureKind]> = [
  [/earbuds/i, 'earbuds'],
  [/headphones/i, 'headphones'],
  [/speaker/i, 'speaker'],
  [/watch|smart band/i, 'watch'],
  [/laptop/i, 'laptop'],
  [/stylus|\bpens?\b/i, 'pen'],
  [/tablet|e-ink reader/i, 'tablet'],
  [/keyboard/i, 'keyboard'],
  [/mouse/i, 'mouse'],
  [/monitor/i, 'monitor'],
  [/rice cooker/i, 'cooker'],
  [/air fryer/i, 'fryer'],
  [/blender/i, 'blender'],
  [/flask/i, 'flask'],
  [/robot vacuum/i, 'robot'],
  [/vacuum/i, 'vacuum'],
  [/humidifier/i, 'humidifier'],
  [/hair dryer/i, 'dryer'],
  [/toothbrush/i, 'toothbrush'],
  [/shaver/i, 'shaver'],
  [/sports bra/i, 'tanktop'],
  [/shirt/i, 'shirt'],
  [/jacket|coat\b/i, 'coat'],
  [/shoes/i, 'shoe'],
  [/dress/i, 'dress'],
  [/jeans|trousers/i, 'trousers'],
  [/backpack/i, 'backpack'],
  [/suitcase/i, 'suitcase'],
  [/lipstick/i, 'lipstick'],
  [/palette|paint set/i, 'palette'],
  [/sunscreen|cleanser/i, 'tube'],
  [/serum|foundation|shampoo|body wash/i, 'bottle'],
  [/soap/i, 'soap'],
  [/\bnuts\b/i, 'nuts'],
  [/jerky/i, 'snackbag'],
  [/chocolate/i, 'chocolate'],
  [/cookies/i, 'cookie'],
  [/\btea\b/i, 'teacup'],
  [/coffee/i, 'coffee'],
  [/milk/i, 'carton'],
  [/apples?\b/i, 'apple'],
  [/cherries/i, 'cherry'],
  [/salmon|fish/i, 'fish'],
  [/duvet/i, 'duvet'],
  [/bedding/i, 'bed'],
  [/pillow/i, 'pillow'],
  [/\bwok\b|frying pan/i, 'pan'],
  [/dinnerware|plates\b/i, 'plate'],
  [/chair/i, 'chair'],
  [/desk/i, 'desk'],
  [/storage box/i, 'box'],
  [/yoga mat/i, 'mat'],
  [/dumbbell/i, 'dumbbell'],
  [/treadmill/i, 'treadmill'],
  [/\btent\b/i, 'tent'],
  [/trekking poles/i, 'poles'],
  [/journal|notebook/i, 'notebook'],
  [/nappies|diapers/i, 'nappy'],
  [/stroller|pram/i, 'stroller'],
  [/wipes/i, 'wipes'],
  [/building blocks/i, 'blocks'],
  [/\bcar\b/i, 'car'],
  [/panda|plush/i, 'panda'],
  [/phone/i, 'phone'],
  [/history|trilogy|course|\bbook\b|novel/i, 'book'],
];

/** The drawing that fits a product, from its English name; null when no rule knows it. */
export function pictureKindOf(nameEn: string): PictureKind | null {
  return RULES.find(([pattern]) => pattern.test(nameEn))?.[1] ?? null;
}
