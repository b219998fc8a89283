/**
 * The page around a server render (web-server/src/template.ts): a page the browser only takes
 * over names no script in its head, and closes with the script that asks for its entry and every
 * module its first render needs (its screens', the toaster, its language's texts) at once; a page the browser renders itself asks for its
 * scripts as the build wrote them. Either way each file is asked for once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PageTemplate } from '@shop/web-server/template.ts';
import { describe, expect, it } from 'vitest';

const ENTRY = 'assets/index-AbCdEf12.js';
const VENDOR = 'assets/vendor-Zz11Yy22.js';
const HOME = 'assets/HomePage-Qq33Ww44.js';
const TEXTS_ZH = 'assets/texts-zh-CN-Aa11Bb22.js';
const TEXTS_EN = 'assets/texts-en-GB-Cc33Dd44.js';
const RUNTIME = 'assets/rolldown-runtime-Ee55Ff66.js';
const TOASTER = 'assets/Toaster-Gg77Hh88.js';
const TOASTER_MODULE = 'src/components/Toaster.tsx';

function template(): PageTemplate {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-template-'));
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <title>乐购商城</title>\n' +
      `    <script type="module" crossorigin src="/${ENTRY}"></script>\n` +
      `    <link rel="modulepreload" crossorigin href="/${VENDOR}">\n  </head>\n` +
      '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  fs.writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: ENTRY, isEntry: true, imports: ['_vendor.js'] },
      _vendor: { file: VENDOR },
      'src/pages/home/HomePage.tsx': { file: HOME, isDynamicEntry: true, imports: ['index.html'] },
      // the entry's dynamic imports: the start-up texts of each language, the toaster
      '_texts-zh-CN-Aa11Bb22.js': { file: TEXTS_ZH, name: 'texts-zh-CN', imports: ['_rolldown-runtime.js'] },
      '_texts-en-GB-Cc33Dd44.js': { file: TEXTS_EN, name: 'texts-en-GB', imports: ['_rolldown-runtime.js'] },
      '_rolldown-runtime.js': { file: RUNTIME, name: 'rolldown-runtime' },
      [TOASTER_MODULE]: { file: TOASTER, isDynamicEntry: true, imports: ['index.html', '_vendor'] },
    }),
  );
  const loaded = PageTemplate.load(dist);
  if (!loaded) throw new Error('the template did not load');
  return loaded;
}

const head = {
  title: '首页',
  description: '乐购商城',
  canonical: 'https://shop.test/home',
  alternates: [],
  meta: [],
};
/** What the server render names for /home: its screen, and the toaster every page starts. */
const MODULES = ['src/pages/home/HomePage.tsx', TOASTER_MODULE];
const open = (hydrates: boolean, locale = 'zh-CN') =>
  template().open({ locale, head, styles: '', modules: MODULES, hydrates });

describe('PageTemplate.open', () => {
  it('names no script of a hydrated page in its head: its first paint waits for none', () => {
    const html = open(true);
    expect(html).not.toContain('/assets/');
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('<script type="module"');
  });

  it('leaves a page the browser renders itself with the scripts as the build wrote them', () => {
    const html = open(false);
    expect(html).toContain(`<script type="module" crossorigin src="/${ENTRY}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${VENDOR}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${HOME}">`);
    expect(html.split(`/${HOME}"`)).toHaveLength(2);
    expect(html).not.toContain(`href="/${ENTRY}"`);
  });

  it("preloads a page the browser renders itself with its language's texts and the toaster", () => {
    for (const [locale, texts, other] of [
      ['zh-CN', TEXTS_ZH, TEXTS_EN],
      ['en-GB', TEXTS_EN, TEXTS_ZH],
    ]) {
      const html = open(false, locale);
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${texts}">`);
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${TOASTER}">`);
      expect(html).not.toContain(other);
    }
  });
});

describe('PageTemplate.close', () => {
  const close = (locale = 'zh-CN') => template().close({ locale }, 'n0nce', MODULES, locale);
  const preloadedBy = (script: string): string[] =>
    JSON.parse(/for\(const href of (\[[^\]]*\])\)/.exec(script)?.[1] ?? 'null');

  it('closes a hydrated page with its state and the script that starts it, both under the nonce', () => {
    const html = close();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).toBe(' nonce="n0nce"');
    expect(scripts[0][2]).toMatch(/^window\.__SHOP_SSR__=\{"locale":"zh-CN"\};/);
  });

  it('imports the entry and, in the same wave, every module the first render needs, each once', () => {
    const script = close();
    expect(script).toContain(`import("/${ENTRY}")`);
    // the entry and what index.html names with it first, then the language's texts, the screen and
    // the toaster with their imports: none waits on its importer, the toaster (idle) last
    expect(preloadedBy(script)).toEqual([
      `/${ENTRY}`,
      `/${VENDOR}`,
      `/${TEXTS_ZH}`,
      `/${RUNTIME}`,
      `/${HOME}`,
      `/${TOASTER}`,
    ]);
  });

  it("names the page's language's texts only", () => {
    const preloaded = preloadedBy(close('en-GB'));
    expect(preloaded).toContain(`/${TEXTS_EN}`);
    expect(preloaded).not.toContain(`/${TEXTS_ZH}`);
  });
});
