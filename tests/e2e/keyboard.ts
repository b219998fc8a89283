/**
 * Keyboard-only helpers for the e2e suites: move focus with Tab until the wanted control has it,
 * and check on every stop that the focused control shows a visible focus indicator.
 */
import type { Page } from 'playwright-core';

export interface Focused {
  tag: string;
  role: string;
  /** The accessible name as a shopper hears it (aria-label, else the text). */
  name: string;
  /** A visible indicator: an outline or a box shadow around the control. */
  indicated: boolean;
}

/** What has the focus now, and whether it shows it. */
export async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role') ?? '',
      name: (
        el.getAttribute('aria-label') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.getAttribute('placeholder') ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim(),
      indicated: outline || shadow,
    };
  });
}

/**
 * Presses Tab (Shift+Tab when `back`) until the focused control's name matches `name` (and its
 * tag, when given); records every stop without a visible focus indicator in `unseen`.
 */
export async function tabTo(
  page: Page,
  name: RegExp,
  unseen: string[],
  { tag, back = false, max = 80 }: { tag?: string; back?: boolean; max?: number } = {},
): Promise<void> {
  const stops: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const now = await focused(page);
    if (!now) continue;
    stops.push(`${now.tag} "${now.name.slice(0, 30)}"`);
    if (!now.indicated) unseen.push(`${page.url()} ${now.tag} "${now.name.slice(0, 40)}"`);
    if (name.test(now.name) && (!tag || now.tag === tag)) return;
  }
  throw new Error(`Tab never reached ${name} on ${page.url()}; stops: ${stops.join(', ')}`);
}

/**
 * Every visible control on the page that, focused from the keyboard, shows neither an outline nor
 * a box shadow (WCAG 2.4.7). Tab first puts Chromium in keyboard modality, then each control is
 * focused in turn; the scroll position and the focus are put back afterwards.
 */
export async function controlsWithoutFocusIndicator(page: Page): Promise<string[]> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const scroll = [window.scrollX, window.scrollY];
    const had = document.activeElement as HTMLElement | null;
    const missing: string[] = [];
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      // the page behind an open modal dialog cannot take the focus
      const modal = document.querySelector('[aria-modal="true"]');
      if (modal && !modal.contains(el)) continue;
      (el.focus as (options: { preventScroll: boolean; focusVisible: boolean }) => void)({
        preventScroll: true,
        focusVisible: true,
      });
      if (document.activeElement !== el) continue;
      const now = getComputedStyle(el);
      const outline = now.outlineStyle !== 'none' && Number.parseFloat(now.outlineWidth) >= 1;
      const shadow = now.boxShadow !== 'none' && now.boxShadow !== '';
      if (!outline && !shadow) {
        const name = (
          el.getAttribute('aria-label') ||
          el.textContent ||
          el.getAttribute('name') ||
          ''
        ).trim();
        missing.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`);
      }
    }
    // the focus goes back where Tab put it (inside an open dialog, so that Esc still reaches it)
    had?.focus({ preventScroll: true });
    window.scrollTo(scroll[0], scroll[1]);
    return missing;
  });
}
