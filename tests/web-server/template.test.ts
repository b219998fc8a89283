/**
 * The page around a server render (web-server/src/template.ts): a page the browser only takes
 * over names no script in its head, and closes with the script that asks for its entry and every
 * module of its screens once the page has painted; a page the browser renders itself asks for its
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
const open = (hydrates: boolean) =>
  template().open({
    locale: 'zh-CN',
    head,
    styles: '',
    modules: ['src/pages/home/HomePage.tsx'],
    hydrates,
  });

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
});

describe('PageTemplate.close', () => {
  const close = () => template().close({ locale: 'zh-CN' }, 'n0nce', ['src/pages/home/HomePage.tsx']);

  it('closes a hydrated page with its state and the script that starts it, both under the nonce', () => {
    const html = close();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).toBe(' nonce="n0nce"');
    expect(scripts[0][2]).toMatch(/^window\.__SHOP_SSR__=\{"locale":"zh-CN"\};/);
  });

  it('imports the entry and preloads the modules index.html named and the screen needs, each once', () => {
    const script = close();
    expect(script).toContain(`import("/${ENTRY}")`);
    const preloaded = JSON.parse(/for\(const href of (\[[^\]]*\])\)/.exec(script)?.[1] ?? 'null');
    expect(preloaded).toEqual([`/${VENDOR}`, `/${HOME}`]);
  });
});
