/**
 * Styles compiled once per process on the server. Each render collects its styles into a fresh
 * sheet, so styled-components hands every rule of the page to stylis again, page after page;
 * stylis is a pure function of the rule, its selector and the sheet's options, so its output is
 * kept per stylis instance and reused. The page's styles are exactly what stylis would make.
 */
import { type ReactNode, useContext, useMemo } from 'react';
import { type IStyleSheetContext, StyleSheetContext } from 'styled-components';

type Stringifier = IStyleSheetContext['stylis'];

/**
 * A process serves a bounded set of rules (its components' styles and their variants); the bound
 * only guards against styles made from unbounded values.
 */
const MAX_RULES = 20_000;

const compiled = new WeakMap<Stringifier, Stringifier>();

function compiledOnce(stylis: Stringifier): Stringifier {
  let once = compiled.get(stylis);
  if (!once) {
    const rules = new Map<string, string[]>();
    once = Object.assign(
      (css: string, selector?: string, prefix?: string, componentId?: string): string[] => {
        const key = `${componentId}\u0000${prefix}\u0000${selector}\u0000${css}`;
        let out = rules.get(key);
        if (!out) {
          out = stylis(css, selector, prefix, componentId);
          if (rules.size >= MAX_RULES) rules.clear();
          rules.set(key, out);
        }
        return out;
      },
      { hash: stylis.hash },
    );
    compiled.set(stylis, once);
  }
  return once;
}

/** Renders its children with the surrounding sheet and a stylis that compiles each rule once. */
export function StylesCompiledOnce({ children }: { children: ReactNode }) {
  const context = useContext(StyleSheetContext);
  const value = useMemo(() => ({ ...context, stylis: compiledOnce(context.stylis) }), [context]);
  return <StyleSheetContext.Provider value={value}>{children}</StyleSheetContext.Provider>;
}
