/**
 * Accessibility checks shared by the e2e suites: axe-core (injected from node_modules, never a
 * CDN) run against the WCAG 2.0/2.1/2.2 A and AA rules, and a wait for a screen to settle.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { settled } from './harness.ts';

/** The axe rule tags the shop answers for: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until a screen has stopped changing (see `settled`): what axe scans is what stays. */
export async function settle(page: Page): Promise<void> {
  await settled(page);
}

/**
 * The WCAG A/AA violations axe finds on the page as it is now, one line per rule with the first
 * few offending elements (selector and axe's summary), prefixed with `where`.
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // evaluated through the DevTools protocol: the shop's Content-Security-Policy (script-src 'self')
  // rightly refuses an inline script tag
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return (
      result.violations as Array<{
        id: string;
        impact: string;
        nodes: Array<{ target: string[]; failureSummary?: string }>;
      }>
    ).map((v) => ({
      id: v.id,
      impact: v.impact,
      count: v.nodes.length,
      nodes: v.nodes
        .slice(0, 4)
        .map(
          (n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`,
        ),
    }));
  }, WCAG_TAGS);
  return violations.map(
    (v) => `${where}: ${v.id} (${v.impact}, ${v.count} elements)\n    ${v.nodes.join('\n    ')}`,
  );
}
