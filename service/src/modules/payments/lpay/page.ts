import { formatDateTime, formatMoney } from '../../../../../common/format.ts';
import { type Locale, translate } from '../../../i18n/index.ts';
import { paymentMessages as m } from '../messages.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; }
  body { margin: 0; background: #f5f5f5; color: #222; }
  main { max-width: 26rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .note { color: #595959; font-size: .875rem; margin: 0 0 1.5rem; }
  dl { margin: 0 0 1.5rem; }
  dt { color: #595959; font-size: .875rem; }
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

function layout(locale: Locale, title: string, body: string): string {
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
<main>
${body}
</main>
</body>
</html>`;
}

/** The hosted checkout: amount, order number, deadline, Pay and Cancel (plain forms, no script). */
export function checkoutPage(
  locale: Locale,
  view: {
    token: string;
    orderNo: string;
    amount: number;
    expiresAt: string;
    timeZone: string;
    returnUrl?: string;
  },
): string {
  const t = (key: string) => escapeHtml(translate(key, locale));
  const token = encodeURIComponent(view.token);
  // The client's return address travels with both buttons (checked again on redirect).
  const back = view.returnUrl ? escapeHtml(`?return=${encodeURIComponent(view.returnUrl)}`) : '';
  return layout(
    locale,
    translate(m['lpay.title'], locale),
    `<h1>${t(m['lpay.title'])}</h1>
<p class="note">${t(m['lpay.sandbox'])}</p>
<dl>
  <dt>${t(m['lpay.amount'])}</dt>
  <dd class="amount" data-testid="amount">${escapeHtml(formatMoney(view.amount))}</dd>
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

/** An expired or unknown link (answered with 410), or a payment that could not be completed. */
export function messagePage(locale: Locale, key: string, homeUrl: string): string {
  const text = escapeHtml(translate(key, locale));
  const hint =
    key === m['payment.linkExpired'] ? `<p>${escapeHtml(translate(m['lpay.expiredHint'], locale))}</p>` : '';
  return layout(
    locale,
    translate(key, locale),
    `<h1 role="alert">${text}</h1>
${hint}
<p><a class="button secondary" href="${escapeHtml(homeUrl)}">${escapeHtml(translate(m['lpay.backToShop'], locale))}</a></p>`,
  );
}
