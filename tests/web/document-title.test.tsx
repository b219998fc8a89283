/**
 * A screen that titles itself keeps its title whichever commits last, the screen or the layout's
 * NavigationEffects: hydration can commit a lazy screen before the layout around it.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NavigationEffects, useDocumentTitle } from '../../web/src/app/NavigationEffects.tsx';
import { shellMock } from './fixtures.ts';
import { renderWithProviders } from './render.tsx';

function SelfTitledScreen({ title }: { title: string }) {
  useDocumentTitle(title);
  return <h1>{title}</h1>;
}

describe('the document title of a screen that titles itself', () => {
  it('stays the screen’s when the layout commits after it', async () => {
    renderWithProviders(
      <>
        <SelfTitledScreen title="分类不存在" />
        <NavigationEffects />
      </>,
      { route: '/category/detail/no-such-category', mocks: [shellMock()] },
    );
    expect(await screen.findByRole('heading', { name: '分类不存在' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('分类不存在 - 乐购商城'));
  });

  it('stays the screen’s when the screen commits after the layout', async () => {
    renderWithProviders(
      <>
        <NavigationEffects />
        <SelfTitledScreen title="华为 Mate 60" />
      </>,
      { route: '/goods/detail/1', mocks: [shellMock()] },
    );
    await waitFor(() => expect(document.title).toBe('华为 Mate 60 - 乐购商城'));
  });
});
