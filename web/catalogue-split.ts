import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import { type NamespacedUnregister, register } from 'tsx/esm/api';
import { type Plugin, parseAst } from 'vite';

/**
 * The browser build's texts: in one language only at start, and already parsed.
 *
 * A catalogue module (`*messages.ts`, default export `addCatalogue({ 'zh-CN': {...}, 'en-GB': {...} })`)
 * that the entry imports statically would put both languages into the initial JavaScript. For the
 * browser build, each such module registers a loader per locale instead, and each locale's halves
 * of these modules form one chunk (`texts-<locale>`), which main.tsx loads beside the page's chunk
 * and a language switch loads before it re-renders. Catalogues of lazy chunks keep both languages:
 * they are not initial JavaScript, and they arrive with the code that shows them.
 *
 * Every text reaches the browser as the ICU message AST react-intl formats, parsed here (as
 * react-intl would, in the text's own locale), so the browser build ships the message parser's
 * no-parser stub (web/vite.config.ts) instead of the parser: a text that does not parse fails the
 * build. The texts are read by running each catalogue module in Node (they are pure data and may
 * assemble their texts from shared tables, e.g. common/validation's).
 *
 * The server build and the tests run the modules as written (both languages, strings,
 * synchronously).
 */
const LOCALES = ['zh-CN', 'en-GB'] as const;
type Locale = (typeof LOCALES)[number];
const QUERY = '?locale=';
const CATALOGUE = /messages\.ts$/;

/** Rolldown groups: one chunk per locale for the start-up catalogues' halves. */
export const catalogueChunkGroups = LOCALES.map((locale) => ({
  name: `texts-${locale}`,
  test: new RegExp(`messages\\.ts\\${QUERY}${locale}$`),
}));

type Texts = Record<string, string>;
type CatalogueModule = { default: Record<Locale, Texts> } & Record<string, unknown>;

export function catalogueSplit(srcDir: string): Plugin {
  const collect = path.join(srcDir, 'i18n/messages-collect.ts');
  let startUp = new Set<string>();
  let runner: NamespacedUnregister | null = null;
  const modules = new Map<string, Promise<CatalogueModule>>();
  /** The module's exports, run once per build in Node (one module graph for all catalogues). */
  const run = (file: string) => {
    let module = modules.get(file);
    if (!module) {
      runner ??= register({ namespace: `catalogues-${Date.now()}` });
      module = runner.import(pathToFileURL(file).href, import.meta.url) as Promise<CatalogueModule>;
      modules.set(file, module);
    }
    return module;
  };
  return {
    name: 'catalogue-split',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env.VITEST,
    enforce: 'pre',
    buildStart() {
      startUp = staticallyImported(path.join(srcDir, 'main.tsx'));
      modules.clear();
    },
    buildEnd() {
      void runner?.unregister();
      runner = null;
    },
    load(id) {
      const at = id.indexOf(QUERY);
      return at < 0 ? null : fs.readFileSync(id.slice(0, at), 'utf8');
    },
    async transform(code, id) {
      const at = id.indexOf(QUERY);
      const file = at < 0 ? id : id.slice(0, at);
      if (!CATALOGUE.test(file)) return null;
      // read as plain ESTree nodes: only types, positions and a few fields are used
      const program = parseAst(code, { lang: 'ts', sourceType: 'module' }, file) as unknown as {
        body: Node[];
      };
      // `*messages.ts` files that are not catalogues (shared tables of texts) stay as written
      if (!program.body.some(isAddCatalogue)) return null;
      if (at < 0 && startUp.has(file)) return { code: registration(program, file, collect), map: null };
      const module = await run(file);
      if (at >= 0) {
        const locale = id.slice(at + QUERY.length) as Locale;
        if (!LOCALES.includes(locale)) throw new Error(`catalogue-split: unknown locale ${locale}`);
        return {
          code: `export default ${JSON.stringify(compile(module.default[locale], locale, file))};`,
          map: null,
        };
      }
      return { code: lazyCatalogue(program, module, file, collect), map: null };
    },
  };
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** `export default addCatalogue(...)`: the mark of a catalogue module. */
function isAddCatalogue(node: Node): boolean {
  const call = node.declaration as (Node & { callee?: { name?: string } }) | undefined;
  return (
    node.type === 'ExportDefaultDeclaration' &&
    call?.type === 'CallExpression' &&
    call.callee?.name === 'addCatalogue'
  );
}

/** Each text parsed as react-intl parses it at run time (options included), under the key it has in its catalogue. */
export function compile(texts: Texts, locale: Locale, file: string): Record<string, MessageFormatElement[]> {
  const intlLocale = new Intl.Locale(locale);
  return Object.fromEntries(
    Object.entries(texts).map(([id, text]) => {
      try {
        return [id, parse(text, { locale: intlLocale })];
      } catch (error) {
        throw new Error(
          `catalogue-split: ${file}: ${locale} text ${id} is not an ICU message: ${String(error)}`,
        );
      }
    }),
  );
}

/** The other catalogues a module imports for their effect (adding their texts). */
function sideEffectImports(program: { body: Node[] }): string[] {
  return program.body
    .filter((node) => node.type === 'ImportDeclaration' && (node.specifiers as unknown[]).length === 0)
    .map((node) => `import ${JSON.stringify((node.source as { value: string }).value)};`);
}

/** A lazy chunk's catalogue: both languages parsed; its named exports (texts as written) kept as data. */
function lazyCatalogue(
  program: { body: Node[] },
  module: CatalogueModule,
  file: string,
  collect: string,
): string {
  const named = Object.entries(module)
    .filter(([name]) => name !== 'default')
    .map(([name, value]) => {
      const json = JSON.stringify(value);
      if (json === undefined) throw new Error(`catalogue-split: ${file}: export ${name} is not data`);
      return `export const ${name} = ${json};`;
    });
  const both = Object.fromEntries(
    LOCALES.map((locale) => [locale, compile(module.default[locale], locale, file)]),
  );
  return [
    ...sideEffectImports(program),
    `import { addCatalogue } from ${JSON.stringify(collect)};`,
    ...named,
    `export default addCatalogue(${JSON.stringify(both)});`,
  ].join('\n');
}

/** The shared package the app imports by name (`@shop/common/<file>`), beside the web app. */
const COMMON = '@shop/common/';

/** The file an import names, when it is the project's own (relative or `@shop/common/`); else null. */
function ownFile(from: string, source: string): string | null {
  if (source.startsWith('.')) return path.resolve(path.dirname(from), source);
  if (source.startsWith(COMMON)) {
    const common = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../common');
    return path.join(common, source.slice(COMMON.length));
  }
  return null;
}

/** The module as the entry sees it: its own imports of other catalogues, and a loader per locale. */
function registration(program: { body: Node[] }, file: string, collect: string): string {
  const loaders = LOCALES.map(
    (locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(file + QUERY + locale)})`,
  );
  return [
    ...sideEffectImports(program),
    `import { addCatalogueLoaders } from ${JSON.stringify(collect)};`,
    `export default addCatalogueLoaders({ ${loaders.join(', ')} });`,
  ].join('\n');
}

/**
 * The app's modules the entry imports statically (type-only imports left out), followed through
 * its own imports (relative or `@shop/common/`): every import in the app names its file with
 * its extension.
 */
function staticallyImported(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    const program = parseAst(
      fs.readFileSync(file, 'utf8'),
      { lang: file.endsWith('x') ? 'tsx' : 'ts' },
      file,
    );
    for (const node of program.body as unknown as Node[]) {
      const source = (node.source as { value?: string } | null | undefined)?.value;
      const own = source ? ownFile(file, source) : null;
      if (!own) continue;
      if (node.type === 'ImportDeclaration') {
        if (node.importKind === 'type') continue;
        const specifiers = node.specifiers as Array<{ importKind?: string }>;
        if (specifiers.length > 0 && specifiers.every((specifier) => specifier.importKind === 'type'))
          continue;
      } else if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') {
        if (node.exportKind === 'type') continue;
      } else continue;
      queue.push(own);
    }
  }
  return seen;
}
