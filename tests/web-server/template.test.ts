/**
 * The page around a server render (web-server/src/template.ts): a page the browser only takes
 * over asks for its scripts at low priority, after what its first paint needs; a page the browser
 * renders itself asks for them as the build wrote them. Either way each screen's chunks are
 * preloaded once, and the entry is not preloaded beside its own script tag.
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
  it('asks for a hydrated page’s scripts at low priority, each once', () => {
    const html = open(true);
    expect(html).toContain(`<script type="module" crossorigin fetchpriority="low" src="/${ENTRY}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${VENDOR}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="/${HOME}">`);
    expect(html.split(`/${HOME}"`)).toHaveLength(2);
    expect(html).not.toContain(`href="/${ENTRY}"`);
    expect(html).not.toMatch(/<(script|link)(?![^>]*fetchpriority)[^>]*\/assets\//);
  });

  it('leaves a page the browser renders itself with the scripts as the build wrote them', () => {
    const html = open(false);
    expect(html).toContain(`<script type="module" crossorigin src="/${ENTRY}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${VENDOR}">`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${HOME}">`);
    expect(html).not.toContain('fetchpriority');
  });
});
