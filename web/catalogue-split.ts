import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, parseAst } from 'vite';

/**
 * The start-up texts in one language only. A catalogue module (`*messages.ts`, default export
 * `addCatalogue({ 'zh-CN': {...}, 'en-GB': {...} })`) that the entry imports statically would put
 * both languages into the initial JavaScript. For the browser build, each such module registers
 * a loader per locale instead, and each locale's halves of these modules form one chunk
 * (`texts-<locale>`), which main.tsx loads beside the page's chunk and a language switch loads
 * before it re-renders. Catalogues of lazy chunks stay as written: they are not initial
 * JavaScript, and they arrive with the code that shows them. The server build and the tests
 * run the modules as written (both languages, synchronously).
 */
const LOCALES = ['zh-CN', 'en-GB'] as const;
const QUERY = '?locale=';
const CATALOGUE = /messages\.ts$/;

/** Modules the halves import (shared texts such as common/validation's), kept out of either locale's chunk. */
const sharedByHalves = new Set<string>();

/**
 * Rolldown groups: one chunk per locale for the start-up catalogues' halves, and the modules
 * both halves import in a chunk of their own (a group takes its modules' imports along, so
 * without it the en-GB chunk would import the zh-CN one).
 */
export const catalogueChunkGroups = [
  { name: 'texts-common', test: (id: string) => sharedByHalves.has(id), priority: 1 },
  ...LOCALES.map((locale) => ({
    name: `texts-${locale}`,
    test: new RegExp(`messages\\.ts\\${QUERY}${locale}$`),
  })),
];

export function catalogueSplit(srcDir: string): Plugin {
  const collect = path.join(srcDir, 'i18n/messages-collect.ts');
  let startUp = new Set<string>();
  return {
    name: 'catalogue-split',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env.VITEST,
    enforce: 'pre',
    buildStart() {
      startUp = staticallyImported(path.join(srcDir, 'main.tsx'));
    },
    load(id) {
      const at = id.indexOf(QUERY);
      return at < 0 ? null : fs.readFileSync(id.slice(0, at), 'utf8');
    },
    transform(code, id) {
      const at = id.indexOf(QUERY);
      const file = at < 0 ? id : id.slice(0, at);
      if (!CATALOGUE.test(file) || !startUp.has(file)) return null;
      // read as plain ESTree nodes: only types, positions and a few fields are used
      const program = parseAst(code, { lang: 'ts', sourceType: 'module' }, file) as unknown as {
        body: Node[];
      };
      if (at < 0) return registration(program, file, collect);
      return half(program, code, id.slice(at + QUERY.length), (source) => {
        const own = ownFile(file, source);
        if (own) sharedByHalves.add(own);
      });
    },
  };
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

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
  const sideEffects = program.body
    .filter((node) => node.type === 'ImportDeclaration' && (node.specifiers as unknown[]).length === 0)
    .map((node) => `import ${JSON.stringify((node.source as { value: string }).value)};`);
  const loaders = LOCALES.map(
    (locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(file + QUERY + locale)})`,
  );
  return [
    ...sideEffects,
    `import { addCatalogueLoaders } from ${JSON.stringify(collect)};`,
    `export default addCatalogueLoaders({ ${loaders.join(', ')} });`,
  ].join('\n');
}

/** One locale's texts of the module: the other locale's objects emptied, the catalogue's half exported. */
function half(
  program: { body: Node[] },
  code: string,
  locale: string,
  imports: (source: string) => void,
): { code: string; map: null } {
  if (!(LOCALES as readonly string[]).includes(locale))
    throw new Error(`catalogue-split: unknown locale ${locale}`);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      const specifiers = node.specifiers as Array<{ local: { name: string } }>;
      // other catalogues (side-effect imports) and addCatalogue are the registration's business
      if (
        specifiers.length === 0 ||
        specifiers.every((specifier) => specifier.local.name === 'addCatalogue')
      ) {
        edits.push({ start: node.start, end: node.end, text: '' });
      } else imports((node.source as { value: string }).value);
    }
    if (node.type === 'ExportDefaultDeclaration') {
      const call = node.declaration as Node & { callee?: { name?: string }; arguments?: Node[] };
      const argument = call.arguments?.[0];
      if (call.type !== 'CallExpression' || call.callee?.name !== 'addCatalogue' || !argument) {
        throw new Error('catalogue-split: a catalogue module ends with `export default addCatalogue({...})`');
      }
      edits.push({ start: node.start, end: argument.start, text: 'export default (' });
      edits.push({ start: argument.end, end: node.end, text: `)[${JSON.stringify(locale)}];` });
    }
  }
  walk(program, (node) => {
    if (node.type !== 'Property') return;
    const key = node.key as { value?: unknown; name?: unknown };
    const name = key.value ?? key.name;
    const value = node.value as Node;
    if (name !== locale && (LOCALES as readonly unknown[]).includes(name)) {
      edits.push({ start: value.start, end: value.end, text: '{}' });
    }
  });
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return { code: out, map: null };
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (typeof (node as Node).type === 'string') visit(node as Node);
  for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
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
