import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SearchSuggestionsDocument } from '../../web/src/__generated__/graphql.ts';
import { SUGGEST_DELAY_MS } from '../../web/src/features/search/SuggestPopup.tsx';
import { SearchBar } from '../../web/src/layout/SearchBar.tsx';
import { resetSecureStorageKeyCache } from '../../web/src/lib/secure-cipher.ts';
import { secureStorage } from '../../web/src/lib/secure-storage.ts';
import { elapse, userWithClock, useTestClock } from './clock.ts';
import { renderShop } from './shop-render.tsx';

const range = (start: number, end: number) => ({ __typename: 'TextRange' as const, start, end });
const suggestion = (kind: 'CATEGORY' | 'PRODUCT', text: string, extra: Record<string, unknown>) => ({
  __typename: 'SearchSuggestion' as const,
  kind,
  text,
  ranges: [range(0, 1)],
  productId: null,
  cardName: null,
  ...extra,
});
const suggestionsMock = (keyword: string, list: ReturnType<typeof suggestion>[]) => ({
  request: { query: SearchSuggestionsDocument, variables: { keyword } },
  result: { data: { searchSuggestions: list } },
});

const headphones = [
  suggestion('CATEGORY', '耳机音箱', { cardName: 'audio' }),
  suggestion('PRODUCT', '头戴式无线降噪耳机 H700', { productId: '6', ranges: [range(7, 8)] }),
];

describe('header search suggestions', () => {
  // suggestions are asked for once typing pauses: the clock jumps over the pause
  useTestClock();
  beforeEach(() => {
    localStorage.clear();
    resetSecureStorageKeyCache();
  });

  it('suggests categories and products as an ARIA combobox, keyboard navigable', async () => {
    const user = userWithClock();
    renderShop(<SearchBar />, { mocks: [suggestionsMock('耳', headphones)] });
    const box = screen.getByRole('combobox', { name: '搜索商品' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, '耳');
    await elapse(SUGGEST_DELAY_MS);
    const list = await screen.findByRole('listbox', { name: '搜索建议' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '耳机音箱分类',
      '头戴式无线降噪耳机 H700商品',
    ]);
    expect(options[1].querySelector('mark')).toHaveTextContent('耳');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/category/goods-detail/6'));
    expect(await secureStorage.get('recentSearches')).toEqual(['耳']);
  });

  it('opens a category suggestion and closes the list with Escape', async () => {
    const user = userWithClock();
    renderShop(<SearchBar />, {
      mocks: [suggestionsMock('耳', headphones), suggestionsMock('耳', headphones)],
    });
    const box = screen.getByRole('combobox', { name: '搜索商品' });
    await user.type(box, '耳');
    await elapse(SUGGEST_DELAY_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: /耳机音箱/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/category/detail/audio'));
  });

  it('shows recent searches in an empty box, searches one, and clears them', async () => {
    const user = userWithClock();
    await secureStorage.set('recentSearches', ['手机', 'laptop']);
    renderShop(<SearchBar />, { locale: 'en-GB' });
    await user.click(screen.getByRole('combobox', { name: 'Search goods' }));
    const list = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['手机', 'laptop']);
    await user.click(screen.getByRole('button', { name: 'Clear recent searches' }));
    expect(screen.queryByRole('option')).toBeNull();
    expect(await secureStorage.get('recentSearches')).toBeNull();
    await user.type(screen.getByRole('combobox'), 'tea{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/category/search-result?keyword=tea'),
    );
    await waitFor(async () => expect(await secureStorage.get('recentSearches')).toEqual(['tea']));
  });
});
