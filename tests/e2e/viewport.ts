/**
 * Layout checks for the back office's screens in a real browser: every control of the page lies
 * inside the viewport's width, so a phone never scrolls the page sideways.
 */
import type { Page } from 'playwright-core';

/**
 * The visible controls of `main` and of an open dialog that lie outside the viewport's width,
 * and the page's own scroll width when it overflows; empty when the page fits.
 */
export async function controlsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      'main button, main a, main select, main input, main textarea, [role="dialog"] button, [role="dialog"] textarea, [role="dialog"] input',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // inside a box that scrolls sideways (the section menu, a table on a phone) a control may be scrolled away
      let scroller = element.parentElement;
      let scrolled = false;
      while (scroller) {
        const style = getComputedStyle(scroller);
        if (
          (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
          scroller.scrollWidth > scroller.clientWidth
        ) {
          scrolled = true;
          break;
        }
        scroller = scroller.parentElement;
      }
      if (scrolled) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        out.push(`${element.tagName} "${element.textContent?.trim()}" ${box.left}-${box.right}`);
    }
    if (document.documentElement.scrollWidth > width + 0.5)
      out.push(`page scrollWidth ${document.documentElement.scrollWidth}`);
    return out;
  });
}
