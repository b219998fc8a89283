// @vitest-environment node
/**
 * Styles compiled once per process on the server (web/src/app/server-styles.tsx): every render
 * gets exactly the style tags styled-components would make, while stylis compiles each rule only
 * the first time any render asks for it.
 */
import { type ReactNode, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import styled, { type IStyleSheetContext, ServerStyleSheet, StyleSheetContext } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { StylesCompiledOnce } from '../../web/src/app/server-styles.tsx';

type Stringifier = IStyleSheetContext['stylis'];

const Box = styled.div<{ $tone: string }>`
  color: ${({ $tone }) => $tone};
  &:hover {
    color: black;
  }
`;

/** styled-components' own stylis (the one a render without a StyleSheetManager uses). */
function mainStylis(): Stringifier {
  let stylis: Stringifier | undefined;
  function Probe() {
    stylis = useContext(StyleSheetContext).stylis;
    return null;
  }
  renderToString(<Probe />);
  if (!stylis) throw new Error('no stylis in the default context');
  return stylis;
}

/** That stylis, counting the calls that reach it. */
function counting(stylis: Stringifier): Stringifier & { calls: number } {
  const counted = Object.assign(
    (...args: Parameters<Stringifier>) => {
      counted.calls += 1;
      return stylis(...args);
    },
    { hash: stylis.hash, calls: 0 },
  );
  return counted;
}

/** One page's render with a fresh sheet, as the server entry makes it: its HTML and style tags. */
function renderPage(children: ReactNode, stylis: Stringifier, once: boolean) {
  const sheet = new ServerStyleSheet();
  try {
    const inner = once ? <StylesCompiledOnce>{children}</StylesCompiledOnce> : children;
    const html = renderToString(
      sheet.collectStyles(
        <StyleSheetContext.Provider value={{ styleSheet: sheet.instance, stylis }}>
          {inner}
        </StyleSheetContext.Provider>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

describe('StylesCompiledOnce', () => {
  it('gives each render the styles stylis makes, compiling each rule once across renders', () => {
    const page = (
      <>
        <Box $tone="red">a</Box>
        <Box $tone="blue">b</Box>
      </>
    );
    const plain = counting(mainStylis());
    const expected = renderPage(page, plain, false);
    expect(expected.styles).toContain('color:red');
    expect(plain.calls).toBe(2);

    const stylis = counting(mainStylis());
    const first = renderPage(page, stylis, true);
    const second = renderPage(page, stylis, true);
    expect(first).toEqual(expected);
    expect(second).toEqual(expected);
    expect(stylis.calls).toBe(2);

    // A style not seen before is compiled, and only it.
    const third = renderPage(<Box $tone="green">c</Box>, stylis, true);
    expect(third.styles).toContain('color:green');
    expect(stylis.calls).toBe(3);
  });
});
