import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueSplit } from '../../web/catalogue-split.ts';

/** The browser build's start-up texts: one language per chunk, lazy screens' texts as written. */
const src = path.resolve('web/src');
const plugin = catalogueSplit(src);
const hook = <T>(value: unknown) =>
  (typeof value === 'function' ? value : (value as { handler: T }).handler) as T;
hook<() => void>(plugin.buildStart).call({});
const transform = (code: string, id: string) =>
  hook<(code: string, id: string) => { code: string } | string | null>(plugin.transform).call({}, code, id);
const read = (file: string) => fs.readFileSync(path.join(src, file), 'utf8');
const text = (result: ReturnType<typeof transform>) =>
  typeof result === 'string' ? result : (result?.code ?? null);

describe('catalogue split', () => {
  const layout = path.join(src, 'layout/messages.ts');

  it('a start-up catalogue registers one loader per language instead of its texts', () => {
    const registered = text(transform(read('layout/messages.ts'), layout));
    expect(registered).toContain(`import(${JSON.stringify(`${layout}?locale=zh-CN`)})`);
    expect(registered).toContain(`import(${JSON.stringify(`${layout}?locale=en-GB`)})`);
    expect(registered).not.toContain('跳到主要内容');
  });

  it("each language's half carries that language's texts only", () => {
    const zh = text(transform(read('layout/messages.ts'), `${layout}?locale=zh-CN`));
    const en = text(transform(read('layout/messages.ts'), `${layout}?locale=en-GB`));
    expect(zh).toContain('跳到主要内容');
    expect(zh).not.toContain('Skip to');
    expect(en).toContain('Skip to');
    expect(en).not.toContain('跳到主要内容');
  });

  it('leaves the catalogues of lazy screens as written (they travel with their chunk)', () => {
    const admin = path.join(src, 'pages/admin/admin-messages.ts');
    expect(transform(read('pages/admin/admin-messages.ts'), admin)).toBeNull();
  });
});
