// @vitest-environment node
// (the build plugin runs catalogue modules with tsx, whose esbuild refuses jsdom's TextEncoder)
import fs from 'node:fs';
import path from 'node:path';
import { createIntl, type MessageFormatElement } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { catalogueSplit, compile } from '../../web/catalogue-split.ts';
import { catalogues, plainText } from '../../web/src/i18n/messages-collect.ts';

/** The browser build's texts: one language per start-up chunk, lazy screens' texts both, all parsed. */
const src = path.resolve('web/src');
const plugin = catalogueSplit(src);
const hook = <T>(value: unknown) =>
  (typeof value === 'function' ? value : (value as { handler: T }).handler) as T;
hook<() => void>(plugin.buildStart).call({});
const transform = async (file: string, query = '') => {
  const result = await hook<(code: string, id: string) => Promise<{ code: string } | null>>(
    plugin.transform,
  ).call({}, fs.readFileSync(path.join(src, file), 'utf8'), path.join(src, file) + query);
  return result?.code ?? null;
};
/** One text formatted by react-intl, given as written or parsed. */
const format = (locale: string, text: unknown, values?: Record<string, unknown>) =>
  createIntl({
    locale,
    messages: { 'kit.page': text } as Record<string, MessageFormatElement[]> as never,
  }).formatMessage({ id: 'kit.page' }, values as never);
/** The JSON a half exports (`export default {...};`). */
const exported = (code: string | null) =>
  JSON.parse((code ?? '').replace(/^export default /, '').replace(/;$/, '')) as Record<string, unknown>;

describe('catalogue split', () => {
  const layout = path.join(src, 'layout/messages.ts');

  it('a start-up catalogue registers one loader per language instead of its texts', async () => {
    const registered = await transform('layout/messages.ts');
    expect(registered).toContain(`import(${JSON.stringify(`${layout}?locale=zh-CN`)})`);
    expect(registered).toContain(`import(${JSON.stringify(`${layout}?locale=en-GB`)})`);
    expect(registered).not.toContain('跳到主要内容');
  });

  it("each language's half carries that language's texts only, parsed", async () => {
    const zh = await transform('layout/messages.ts', '?locale=zh-CN');
    const en = await transform('layout/messages.ts', '?locale=en-GB');
    expect(zh).toContain('跳到主要内容');
    expect(zh).not.toContain('Skip to');
    expect(en).toContain('Skip to');
    expect(en).not.toContain('跳到主要内容');
    const texts = exported(zh);
    expect(Object.values(texts).every(Array.isArray)).toBe(true);
  });

  it('a text assembled from a shared table arrives parsed (the module is run, not read)', async () => {
    const zh = exported(await transform('components/messages.ts', '?locale=zh-CN'));
    const en = exported(await transform('components/messages.ts', '?locale=en-GB'));
    expect(format('zh-CN', zh['validation.enterQuantity'])).toBe('请输入数量');
    expect(format('en-GB', en['kit.page'], { page: 3 })).toBe('Page 3');
  });

  it('a lazy screen keeps both languages, parsed, and still adds them on load', async () => {
    const admin = (await transform('pages/admin/admin-messages.ts')) ?? '';
    expect(admin).toContain('import "../../features/order/status-messages.ts";');
    const added = admin.slice(admin.indexOf('export default addCatalogue('));
    expect(added).not.toMatch(/"admin\.[\w.]+":"/); // no text left as a string
    expect(added).toContain('"admin.ship":[{"type":0,"value":"发货"}]');
    expect(added).toContain('"admin.ship":[{"type":0,"value":"Ship"}]');
  });

  it('leaves shared tables of texts that are not catalogues as written', async () => {
    expect(await transform('../../common/validation/messages.ts')).toBeNull();
  });

  it('formats as the text as written would, arguments and plurals included', () => {
    const texts = {
      plain: "It's {count, plural, one {# line} other {# lines}} for {name}",
      tag: 'Read <b>this</b>',
    };
    const parsed = compile(texts, 'en-GB', 'test');
    for (const [id, text] of Object.entries(texts)) {
      const values = { count: 2, name: 'Ann', b: (parts: string[]) => `*${parts.join('')}*` };
      expect(format('en-GB', parsed[id], values)).toEqual(format('en-GB', text, values));
    }
  });

  it('a text that is not an ICU message fails the build, naming it', () => {
    expect(() => compile({ broken: 'Only {count' }, 'en-GB', 'x/messages.ts')).toThrow(
      /x\/messages\.ts: en-GB text broken/,
    );
  });
});

describe('a parsed text outside react-intl', () => {
  it('reads as written: its words, arguments as {name}', () => {
    const parsed = compile(
      { 'test.plainText': 'Only {max} left, {count, plural, other {# items}}' },
      'en-GB',
      'test',
    );
    catalogues['en-GB']['test.plainText'] = parsed['test.plainText'];
    expect(plainText('en-GB', 'test.plainText')).toBe('Only {max} left, {count}');
    expect(plainText('en-GB', 'test.missing')).toBe('test.missing');
    delete catalogues['en-GB']['test.plainText'];
  });
});
