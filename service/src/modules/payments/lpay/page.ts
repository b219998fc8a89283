import { FONT_STACK } from '@shop/common/fonts.ts';
import { formatDateTime, formatMoney } from '@shop/common/format.ts';
import { type Locale, translate } from '../../../i18n/index.ts';
import { paymentMessages as m } from '../messages.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** The storefront's look (its header bar, font stack, greys and radii), so paying feels like the shop. */
const STYLE = `
  :root { color-scheme: light; font-family: ${FONT_STACK}; }
  body { margin: 0; background: #f5f6f8; color: #1f2329; font-size: 14px; }
  header { height: 56px; display: flex; align-items: center; padding: 0 16px; background: #fff;
    border-bottom: 1px solid #e4e6eb; }
  header a { font-size: 20px; font-weight: 700; color: #ff4d50; text-decoration: none; }
  main { max-width: 26rem; margin: 2rem auto; padding: 2rem; background: #fff; border-radius: 8px;
    box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  @media (max-width: 768px) { main { margin: 8px; padding: 1.25rem; } }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .note { color: #5c6370; font-size: .875rem; margin: 0 0 1.5rem; }
  dl { margin: 0 0 1.5rem; }
  dt { color: #5c6370; font-size: .875rem; }
  dd { margin: 0 0 1rem; font-size: 1rem; overflow-wrap: anywhere; }
  .amount { font-size: 2rem; font-weight: 700; color: #c4161c; }
  .actions { display: flex; gap: .75rem; }
  .actions form { flex: 1; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; padding: .75rem 1rem; font-size: 1rem;
    border-radius: 8px; border: 1px solid #c4161c; cursor: pointer; text-align: center; text-decoration: none; }
  .primary { background: #c4161c; color: #fff; }
  .secondary { background: #fff; color: #c4161c; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
`;

/** The shop the page belongs to: its name in the page's language and its home page. */
export interface ShopFrame {
  name: string;
  home: string;
}

function layout(locale: Locale, shop: ShopFrame, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="${escapeHtml(shop.home)}">${escapeHtml(shop.name)}</a></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The hosted checkout: amount, order number, deadline, Pay and Cancel (plain forms, no script). */
export function checkoutPage(
  locale: Locale,
  shop: ShopFrame,
  view: {
    token: string;
    orderNo: string;
    amount: number;
    expiresAt: string;
    timeZone: string;
    /** The shop config's currency (ISO-4217). */
    currency: string;
    returnUrl?: string;
  },
): string {
  const t = (key: string) => escapeHtml(translate(key, locale));
  const token = encodeURIComponent(view.token);
  // The client's return address travels with both buttons (checked again on redirect).
  const back = view.returnUrl ? escapeHtml(`?return=${encodeURIComponent(view.returnUrl)}`) : '';
  return layout(
    locale,
    shop,
    translate(m['lpay.title'], locale),
    `<h1>${t(m['lpay.title'])}</h1>
<p class="note">${t(m['lpay.sandbox'])}</p>
<dl>
  <dt>${t(m['lpay.amount'])}</dt>
  <dd class="amount" data-testid="amount">${escapeHtml(formatMoney(view.amount, view.currency))}</dd>
  <dt>${t(m['lpay.orderNo'])}</dt>
  <dd data-testid="order-no">${escapeHtml(view.orderNo)}</dd>
  <dt>${t(m['lpay.expiresAt'])}</dt>
  <dd><time datetime="${escapeHtml(view.expiresAt)}">${escapeHtml(formatDateTime(view.expiresAt, locale, view.timeZone))}</time></dd>
</dl>
<div class="actions">
  <form method="post" action="./${token}/confirm${back}"><button type="submit" class="primary">${t(m['lpay.pay'])}</button></form>
  <form method="post" action="./${token}/cancel${back}"><button type="submit" class="secondary">${t(m['lpay.cancel'])}</button></form>
</div>`,
  );
}

/** Where a message page leads besides the shop's home page. */
export interface PageLink {
  href: string;
  /** A message key. */
  label: string;
}

/** What a message page adds under its heading: the next step for the shopper. */
const HINTS: Record<string, string> = {
  [m['payment.linkExpired']]: m['lpay.expiredHint'],
  [m['payment.orderPaid']]: m['lpay.orderPaidHint'],
};

/**
 * An expired or unknown link (answered with 410), a link closed because its order was paid
 * through another one, or a payment that could not be completed.
 */
export function messagePage(locale: Locale, shop: ShopFrame, key: string, link?: PageLink): string {
  const text = escapeHtml(translate(key, locale));
  const hint = HINTS[key] ? `<p>${escapeHtml(translate(HINTS[key], locale))}</p>` : '';
  const next = link
    ? `<p><a class="button primary" href="${escapeHtml(link.href)}">${escapeHtml(translate(link.label, locale))}</a></p>\n`
    : '';
  return layout(
    locale,
    shop,
    translate(key, locale),
    `<h1 role="alert">${text}</h1>
${hint}
${next}<p><a class="button secondary" href="${escapeHtml(shop.home)}">${escapeHtml(translate(m['lpay.backToShop'], locale))}</a></p>`,
  );
}
