/**
 * Stable styled-components ids (web/styled-component-ids.ts, web/src/lib/styled-ids.ts): each
 * component is named by its file and rank, never by the order in which files were evaluated,
 * so a server that evaluated other screens first renders the same classes as the browser.
 */
import styled from 'styled-components';
import { describe, expect, it } from 'vitest';
import { componentIds } from '../../web/src/lib/styled-ids.ts';
import { wrapStyledTags } from '../../web/styled-component-ids.ts';

describe('wrapStyledTags', () => {
  it('wraps styled.tag, styled(Component) and either with .attrs before their template', () => {
    const code = [
      'const A = styled.div`color: red;`;',
      'const B = styled(Link)`color: blue;`;',
      'const C = styled.input.attrs({ type: "text" })`width: 1px;`;',
      'const D = styled(A).attrs(() => ({}))`width: 2px;`;',
    ].join('\n');
    expect(wrapStyledTags(code, 'w')).toBe(
      [
        'const A = w(styled.div)`color: red;`;',
        'const B = w(styled(Link))`color: blue;`;',
        'const C = w(styled.input).attrs({ type: "text" })`width: 1px;`;',
        'const D = w(styled(A)).attrs(() => ({}))`width: 2px;`;',
      ].join('\n'),
    );
  });

  it('leaves alone what is not a styled template: other properties, other names, a bare mention', () => {
    const code = [
      'const styledX = 1;',
      'theme.styled.div`a`;',
      'const tag = styled.div;',
      'isStyled(styled);',
      'const s = "styled";',
    ].join('\n');
    expect(wrapStyledTags(code, 'w')).toBe(code);
  });
});

describe('componentIds', () => {
  it('names components by file and rank, whatever was created before them', () => {
    const render = (before: number) => {
      // other files' components created first (another evaluation order) shift nothing
      for (let i = 0; i < before; i++) styled.span`margin: ${i}px;`;
      const id = componentIds('k3f9');
      return [id(styled.div)`color: red;`, id(styled.p)`color: blue;`].map(
        (component) => component.styledComponentId,
      );
    };
    expect(render(0)).toEqual(['sc-k3f9-0', 'sc-k3f9-1']);
    const other = componentIds('k3f9');
    for (let i = 0; i < 3; i++) styled.span`padding: ${i}px;`;
    expect([other(styled.div)`a: b;`, other(styled.p)`c: d;`].map((c) => c.styledComponentId)).toEqual([
      'sc-k3f9-0',
      'sc-k3f9-1',
    ]);
    expect(render(5)).toEqual(['sc-k3f9-0', 'sc-k3f9-1']);
  });
});
