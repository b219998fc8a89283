/**
 * End to end: the six pages a shopper meets first (home, a category, a product, search, the cart
 * signed in, login), server-rendered by the real gateway and service in both languages, are valid
 * HTML by html-validate's recommended rules and by the W3C Nu validator, and none of them makes
 * Chromium log a Content-Security-Policy refusal or any other console error while it loads and
 * hydrates.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { HtmlValidate } from 'html-validate';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vnuJar from 'vnu-jar';
import { gqlInPage, publicQuery, ROOT, type Shop, startShop } from './harness.ts';

let shop: Shop;
/** A product on the shelf. */
let productId = '';
/** A signed-in shopper's browser context per language, its cart holding one line. */
const shoppers = new Map<string, BrowserContext>();
const LOCALES = ['zh-CN', 'en-GB'] as const;
/** The rendered pages, written for the Nu validator (and kept for a look by hand). */
const OUT = path.join(ROOT, 'test-results/pages');

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  // The exceptions are the spellings React's server renderer writes, all valid HTML; what the
  // rules check beyond spelling still applies.
  rules: {
    // React closes void elements as `<img/>`, the page template's head writes `<link>`: both are
    // valid HTML5, the rule only picks one spelling
    'void-style': 'off',
    // a true boolean attribute is written `checked=""`, valid HTML5
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // some attribute names keep their prop's spelling (autoComplete, fetchPriority); HTML attribute
    // names are case-insensitive and the Nu validator accepts them
    'attr-case': 'off',
    // useId's ids begin with an underscore (`_R_1i9b6_`): any id without spaces is valid HTML5
    'valid-id': ['error', { relaxed: true }],
    // a list or region whose role takes a name may be named by aria-label (ARIA 1.2); elements
    // that cannot be named (an `<s>`, a `<div>` without a role) are still refused
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // the navigation bar is an ARIA progressbar whose fill glides and fades by CSS transitions,
    // which a native <progress> cannot be styled to do in every browser
    'prefer-native-element': ['error', { exclude: ['progressbar'] }],
  },
});

beforeAll(async () => {
  shop = await startShop();
  const data = await publicQuery<{ hotProducts: { records: Array<{ id: string }> } }>(
    shop.origin,
    '{ hotProducts(page: { pageNum: 1, pageSize: 1 }) { records { id } } }',
  );
  productId = data.hotProducts.records[0].id;
  for (const [index, locale] of LOCALES.entries()) {
    const context = await shop.browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${shop.origin}/404`);
    const suffix = String(Date.now()).slice(-7);
    const registered = await gqlInPage<{ data?: { register: { userId: string | null } } }>(
      page,
      'mutation($input: RegisterInput!) { register(input: $input) { userId } }',
      {
        input: {
          username: `valid${index}_${suffix}`,
          password: 'Passw0rd.valid',
          phone: `13${index}${suffix.padStart(8, '0')}`,
        },
      },
    );
    expect(registered.data?.register.userId, JSON.stringify(registered)).toBeTruthy();
    const added = await gqlInPage<{ errors?: unknown }>(
      page,
      'mutation($input: AddToCartInput!) { addToCart(input: $input) { __typename } }',
      { input: { productId, quantity: 1 } },
    );
    expect(added.errors, JSON.stringify(added)).toBeUndefined();
    await page.close();
    shoppers.set(locale, context);
  }
  fs.mkdirSync(OUT, { recursive: true });
});

afterAll(async () => {
  for (const context of shoppers.values()) await context.close();
  await shop?.close();
});

/**
 * The six pages; `signedIn` ones are fetched with the shopper's session. `use` is what a shopper
 * does there once it has hydrated (the login form checks its fields with the shared zod schemas).
 */
const PAGES: Array<{
  name: string;
  path: () => string;
  signedIn?: boolean;
  use?: (page: Page) => Promise<void>;
}> = [
  { name: 'home', path: () => '/home' },
  { name: 'category', path: () => '/category/detail/phones' },
  { name: 'goods', path: () => `/goods/detail/${productId}` },
  { name: 'search', path: () => `/category/search-result?keyword=${encodeURIComponent('手机')}` },
  { name: 'cart', path: () => '/cart', signedIn: true },
  {
    name: 'login',
    path: () => '/login',
    use: async (page) => {
      // the login form (the header also holds the search and the language forms)
      const form = page
        .locator('form')
        .filter({ has: page.locator('input[type="password"]') })
        .first();
      await form.getByRole('textbox').first().fill('someone');
      await form.locator('button[type="submit"]').first().click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      // the form's schemas run without zod's compiled parsers, so zod never needs eval
      expect(
        await page.evaluate(
          () => (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless,
        ),
      ).toBe(true);
    },
  },
];

async function cookieOf(locale: string): Promise<string> {
  const context = shoppers.get(locale);
  if (!context) throw new Error(`no shopper for ${locale}`);
  return (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('valid HTML', () => {
  for (const locale of LOCALES) {
    for (const entry of PAGES) {
      it(`${entry.name} in ${locale} has no html-validate error, one h1 and headings in order`, async () => {
        const headers: Record<string, string> = { accept: 'text/html', 'accept-language': locale };
        if (entry.signedIn) headers.cookie = await cookieOf(locale);
        const res = await fetch(`${shop.origin}${entry.path()}`, { headers });
        expect(res.status).toBe(200);
        const html = await res.text();
        fs.writeFileSync(path.join(OUT, `${entry.name}.${locale}.html`), html);
        const report = await validator.validateString(html);
        const errors = report.results.flatMap((result) =>
          result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message} (${m.selector ?? ''})`),
        );
        expect(errors).toEqual([]);
        // the outline: one h1, and no level deeper than one below the level before it
        const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
        expect(levels.filter((level) => level === 1)).toHaveLength(1);
        expect(levels[0]).toBe(1);
        const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1] + 1);
        expect(skips, `heading levels ${levels.join(',')}`).toEqual([]);
      });
    }
  }

  // One Java start for the twelve pages the tests above wrote: the Nu validator (the W3C's checker,
  // from npm's vnu-jar, run by the system's Java) reads the HTML standard more strictly than
  // html-validate, e.g. which ARIA roles an element may take and what a `<link>` URL may be.
  it('the Nu validator finds no error in any of the pages in either language', async () => {
    const files = fs.readdirSync(OUT).filter((name) => name.endsWith('.html'));
    expect(files).toHaveLength(PAGES.length * LOCALES.length);
    const run = await promisify(execFile)(
      'java',
      [
        '-jar',
        vnuJar,
        '--errors-only',
        '--format',
        'json',
        '--exit-zero-always',
        ...files.map((f) => path.join(OUT, f)),
      ],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const report = JSON.parse(run.stderr) as {
      messages: Array<{ type: string; url: string; lastLine?: number; message: string; extract?: string }>;
    };
    const errors = report.messages.map(
      (m) => `${path.basename(m.url)}:${m.lastLine ?? '?'} ${m.type}: ${m.message} [${m.extract ?? ''}]`,
    );
    expect(errors).toEqual([]);
  });
});

/**
 * Console lines an error or warning, uncaught page errors, and every Content-Security-Policy
 * violation the page reports (a refused `eval` probe that a library catches still fires the event).
 */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => problems.push(`CSP: ${line}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

describe('Content-Security-Policy', () => {
  for (const locale of LOCALES) {
    it(`no page in ${locale} logs a CSP refusal or a console error while it loads and hydrates`, async () => {
      const visitor = await shop.browser.newContext({ locale });
      try {
        for (const entry of PAGES) {
          const context = entry.signedIn ? shoppers.get(locale) : visitor;
          if (!context) throw new Error(`no context for ${entry.name}`);
          const page = await context.newPage();
          const problems = await watch(page);
          await page.goto(`${shop.origin}${entry.path()}`, { waitUntil: 'networkidle' });
          await page.waitForFunction(() =>
            Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')),
          );
          await entry.use?.(page);
          expect(problems, `${entry.name}`).toEqual([]);
          await page.close();
        }
      } finally {
        await visitor.close();
      }
    });
  }
});
