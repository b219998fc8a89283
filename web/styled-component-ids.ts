import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * styled-components names each component from a counter of the components created so far
 * (`sc-<hash of the count>`), and its class names from that id. The browser and the server
 * evaluate the screens' lazy chunks in different orders (the browser: the entry, then the page's
 * chunk; the server: every chunk any earlier request needed), so the same component gets another
 * class on each side and hydration fails. This gives every `styled.tag` / `styled(Component)`
 * the id of its place in the source (file and position among the file's components), the same
 * in both builds, as the styled-components Babel plugin does.
 */
export function styledComponentIds(root: string): Plugin {
  const seen = new Map<string, string>();
  const runtime = path.join(root, 'src/lib/styled-ids.ts');
  return {
    name: 'styled-component-ids',
    // after TypeScript is stripped: `styled.main<{ … }>`…`` reads as `styled.main`…``
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0];
      const relative = path.relative(root, file).replaceAll('\\', '/');
      // the app's own modules only (not tests, not packages)
      if (!relative.startsWith('src/') || !/\.[jt]sx?$/.test(file) || !code.includes('styled')) return null;
      const wrapped = wrapStyledTags(code, '__styledId');
      if (wrapped === code) return null;
      const setup =
        `import { componentIds as __componentIds } from ${JSON.stringify(runtime)};\n` +
        `const __styledId = __componentIds(${JSON.stringify(fileKey(relative, seen))});\n`;
      return { code: setup + wrapped, map: null };
    },
  };
}

/**
 * A short key per source file (its path's hash), checked for collisions within a build: the ids
 * of one file share it and differ by rank.
 */
function fileKey(file: string, seen: Map<string, string>): string {
  const key = Number.parseInt(createHash('sha256').update(file).digest('hex').slice(0, 5), 16).toString(36);
  const owner = seen.get(key);
  if (owner && owner !== file)
    throw new Error(`styled-component-ids: ${file} and ${owner} share the key ${key}`);
  seen.set(key, file);
  return key;
}

/** The index just past the parenthesis that closes the one at `open`, or -1. */
function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * `styled.div`…`` → `wrap(styled.div)`…``, likewise `styled(Link)` and either followed by
 * `.attrs(…)`. Anything else named `styled` is left alone.
 */
export function wrapStyledTags(code: string, wrap: string): string {
  const base = /(?<![\w$.])styled(?:\.[A-Za-z][\w$]*|\s*\()/g;
  let out = '';
  let last = 0;
  for (let match = base.exec(code); match; match = base.exec(code)) {
    let end = match.index + match[0].length;
    if (match[0].endsWith('(')) {
      end = closingParen(code, end - 1);
      if (end < 0) break;
    }
    const rest = code.slice(end).trimStart();
    if (!rest.startsWith('`') && !rest.startsWith('.attrs(')) continue;
    out += `${code.slice(last, match.index)}${wrap}(${code.slice(match.index, end)})`;
    last = end;
    base.lastIndex = end;
  }
  return out + code.slice(last);
}
