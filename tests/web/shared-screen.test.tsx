// @vitest-environment node
/**
 * The parts of a signed-in page rendered around a screen kept from a visitor's render
 * (web/src/app/shared-screen.ts), on React's and styled-components' real server output: the
 * screen cut from a page and put back gives the page it came from, two renders' styles merge
 * into one sheet in styled-components' order, and the personal cache wins over the visitor's.
 */
import type { NormalizedCacheObject } from '@apollo/client';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import styled, { ServerStyleSheet } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { cutScreen, mergeStates, mergeStyleTags } from '../../web/src/app/shared-screen.ts';
import { PrerenderedScreen, ScreenSlot } from '../../web/src/layout/ScreenSlot.tsx';

function Page({ who, children }: { who: string; children: ReactNode }) {
  return (
    <div>
      <header>{who}</header>
      <main>
        <ScreenSlot>{children}</ScreenSlot>
      </main>
    </div>
  );
}

const Screen = () => (
  <section>
    <h1>热销商品</h1>
    <p>
      {2} 件 <a href="/goods/detail/1">星耀 X5</a>
    </p>
  </section>
);

describe('cutScreen', () => {
  it('cuts the screen out of a page, and a shell around it renders that same page', () => {
    const visitor = renderToString(
      <Page who="visitor">
        <Screen />
      </Page>,
    );
    const screen = cutScreen(visitor, 'nonce');
    expect(screen).toContain('<h1>热销商品</h1>');
    expect(screen).not.toContain('visitor');

    const full = renderToString(
      <Page who="演示用户">
        <Screen />
      </Page>,
    );
    const shell = renderToString(
      <PrerenderedScreen.Provider value={screen}>
        <Page who="演示用户">
          <p>never rendered</p>
        </Page>
      </PrerenderedScreen.Provider>,
    );
    expect(shell).toBe(full);
  });

  it('refuses a page without the slot, or whose screen carries a script', () => {
    expect(cutScreen('<main><p>no slot</p></main>', 'n')).toBeNull();
    const withScript = renderToString(
      <Page who="visitor">
        <script nonce="abc">{'1'}</script>
      </Page>,
    );
    expect(cutScreen(withScript, 'abc')).toBeNull();
  });
});

const Base = styled.button`
  color: red;
  padding: 4px;
`;
const Extended = styled(Base)`
  color: blue;
`;
const Note = styled.p<{ $strong?: boolean }>`
  font-weight: ${({ $strong }) => ($strong ? 700 : 400)};
`;

function stylesOf(tree: ReactNode): string {
  const sheet = new ServerStyleSheet();
  try {
    renderToString(sheet.collectStyles(tree));
    return sheet.getStyleTags();
  } finally {
    sheet.seal();
  }
}

describe('mergeStyleTags', () => {
  // The visitor's page extends the button; the shell uses it plain, after it in the sheet.
  const visitor = stylesOf(
    <>
      <Extended>buy</Extended>
      <Note>a</Note>
    </>,
  );
  const shell = stylesOf(
    <>
      <Base>menu</Base>
      <Note $strong>b</Note>
    </>,
  );

  it("keeps one sheet in styled-components' order: a component's rules before those extending it", () => {
    const merged = mergeStyleTags(visitor, shell) ?? '';
    expect(merged.match(/<style/g)).toHaveLength(1);
    const red = merged.indexOf('color:red');
    const blue = merged.indexOf('color:blue');
    expect(red).toBeGreaterThan(-1);
    expect(blue).toBeGreaterThan(red);
    // each rule once, the class names of both renders kept
    expect(merged.split('color:red')).toHaveLength(2);
    expect(merged).toContain('font-weight:400');
    expect(merged).toContain('font-weight:700');
    // Two tags one after the other would have put the plain button's rules after the extension.
    const concatenated = visitor + shell;
    expect(concatenated.lastIndexOf('color:red')).toBeGreaterThan(concatenated.indexOf('color:blue'));
  });

  it('gives up on sheets that number their components differently', () => {
    const renumbered = shell.replace(
      /data-styled\.g(\d+)\[id="([^"]+)"\]/,
      'data-styled.g$1[id="someone-else"]',
    );
    expect(mergeStyleTags(visitor, renumbered)).toBeNull();
  });
});

describe('mergeStates', () => {
  it("puts the shopper's session over the visitor's and keeps both renders' entities", () => {
    const visitor: NormalizedCacheObject = {
      ROOT_QUERY: {
        __typename: 'Query',
        session: { __ref: 'Session:{}' },
        hotProducts: [{ __ref: 'Product:1' }],
      },
      'Session:{}': { __typename: 'Session', isAuthenticated: false, viewer: null },
      'Product:1': { __typename: 'Product', id: '1', name: '星耀 X5' },
    };
    const shopper: NormalizedCacheObject = {
      ROOT_QUERY: { __typename: 'Query', session: { __ref: 'Session:{}' }, cart: { __ref: 'Cart:{}' } },
      'Session:{}': { __typename: 'Session', isAuthenticated: true, viewer: { __ref: 'Viewer:2' } },
      'Viewer:2': { __typename: 'Viewer', id: '2', name: '演示用户' },
      'Cart:{}': { __typename: 'Cart', totalQuantity: 3 },
    };
    const merged = mergeStates(visitor, shopper);
    expect(merged.ROOT_QUERY).toEqual({
      __typename: 'Query',
      session: { __ref: 'Session:{}' },
      hotProducts: [{ __ref: 'Product:1' }],
      cart: { __ref: 'Cart:{}' },
    });
    expect(merged['Session:{}']).toMatchObject({ isAuthenticated: true, viewer: { __ref: 'Viewer:2' } });
    expect(merged['Product:1']).toEqual(visitor['Product:1']);
    expect(merged['Cart:{}']).toEqual({ __typename: 'Cart', totalQuantity: 3 });
  });
});
