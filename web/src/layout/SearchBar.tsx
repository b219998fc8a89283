import { useQuery } from '@apollo/client/react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { SearchSuggestionsDocument } from '../__generated__/graphql.ts';
import { Highlight, type TextRange } from '../features/search/Highlight.tsx';
import { clearRecentSearches, recentSearches, rememberSearch } from '../features/search/recent-searches.ts';
import { useDebounced } from '../features/search/useDebounced.ts';

const Form = styled.form`
  position: relative;
  display: flex;
  flex: 1;
  max-width: 520px;
  min-width: 0;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  height: 36px;
  padding: 0 12px;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-right: 0;
  border-radius: ${({ theme }) => theme.radii.sm}px 0 0 ${({ theme }) => theme.radii.sm}px;
  font: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Submit = styled.button`
  height: 36px;
  padding: 0 16px;
  border: 0;
  border-radius: 0 ${({ theme }) => theme.radii.sm}px ${({ theme }) => theme.radii.sm}px 0;
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: #fff;
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Popup = styled.div`
  position: absolute;
  top: 40px;
  left: 0;
  right: 0;
  z-index: 20;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  box-shadow: ${({ theme }) => theme.shadows.popup};
  padding: 4px 0;
`;

const Heading = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 4px 12px;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

const Clear = styled.button`
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  cursor: pointer;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  gap: 8px;
  align-items: baseline;
  padding: 6px 12px;
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryLight : 'transparent')};
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const Kind = styled.span`
  flex: none;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
`;

/** Time to wait after the last key before asking for suggestions. */
const SUGGEST_DELAY_MS = 150;
const MAX_OPTIONS = 8;

interface Choice {
  key: string;
  text: string;
  ranges: readonly TextRange[];
  kind: 'recent' | 'CATEGORY' | 'PRODUCT';
  to: string;
  keyword?: string;
}

const searchPath = (keyword: string) => `/category/search-result?keyword=${encodeURIComponent(keyword)}`;

/**
 * The header search: an ARIA combobox whose list offers recent searches while the box is empty
 * and, as the shopper types, suggested categories and products (debounced, at most eight).
 * Arrow keys move through the list, Enter opens the chosen entry (or searches), Escape closes it.
 */
export function SearchBar() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const current = new URLSearchParams(location.search).get('keyword') ?? '';
  const [keyword, setKeyword] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => setKeyword(current), [current]);

  const typed = keyword.trim();
  const settled = useDebounced(typed, SUGGEST_DELAY_MS);
  const { data, previousData } = useQuery(SearchSuggestionsDocument, {
    variables: { keyword: settled },
    skip: !open || settled === '',
  });
  const suggestions = typed === '' ? [] : ((data ?? previousData)?.searchSuggestions ?? []);

  const choices: Choice[] =
    typed === ''
      ? recent.slice(0, MAX_OPTIONS).map((text) => ({
          key: `recent:${text}`,
          text,
          ranges: [],
          kind: 'recent',
          to: searchPath(text),
          keyword: text,
        }))
      : suggestions.slice(0, MAX_OPTIONS).map((suggestion) => ({
          key: `${suggestion.kind}:${suggestion.productId ?? suggestion.cardName ?? suggestion.text}`,
          text: suggestion.text,
          ranges: suggestion.ranges,
          kind: suggestion.kind === 'CATEGORY' ? 'CATEGORY' : 'PRODUCT',
          to:
            suggestion.kind === 'CATEGORY' && suggestion.cardName
              ? `/category/detail/${encodeURIComponent(suggestion.cardName)}`
              : suggestion.productId
                ? `/category/goods-detail/${encodeURIComponent(suggestion.productId)}`
                : searchPath(suggestion.text),
        }));
  const expanded = open && choices.length > 0;

  const openList = () => {
    setOpen(true);
    void recentSearches().then(setRecent);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const search = (text: string) => {
    void rememberSearch(text);
    close();
    navigate(searchPath(text));
  };

  const choose = (choice: Choice) => {
    if (choice.keyword !== undefined) return search(choice.keyword);
    if (typed) void rememberSearch(typed);
    close();
    navigate(choice.to);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (expanded && active >= 0 && choices[active]) return choose(choices[active]);
    if (typed) search(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return openList();
      if (!choices.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the box itself) to n - 1, wrapping round.
      const positions = choices.length + 1;
      setActive((index) => ((index + 1 + step + positions) % positions) - 1);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  const clearRecent = () => {
    clearRecentSearches();
    setRecent([]);
    setActive(-1);
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const kindLabel = (kind: Choice['kind']) =>
    kind === 'CATEGORY'
      ? intl.formatMessage({ id: 'searchBox.category' })
      : kind === 'PRODUCT'
        ? intl.formatMessage({ id: 'searchBox.product' })
        : null;
  const listLabel = intl.formatMessage({ id: typed === '' ? 'searchBox.recent' : 'searchBox.suggestions' });

  return (
    <Form role="search" onSubmit={submit} aria-label={intl.formatMessage({ id: 'layout.search' })}>
      <Input
        type="search"
        name="keyword"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={keyword}
        onChange={(event) => {
          setKeyword(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={openList}
        onBlur={close}
        onKeyDown={onKeyDown}
        placeholder={intl.formatMessage({ id: 'layout.searchPlaceholder' })}
        aria-label={intl.formatMessage({ id: 'layout.search' })}
        maxLength={100}
      />
      <Submit type="submit">{intl.formatMessage({ id: 'layout.searchButton' })}</Submit>
      <Popup hidden={!expanded} onMouseDown={(event) => event.preventDefault()}>
        <Heading>
          <span>{listLabel}</span>
          {typed === '' && (
            <Clear type="button" onClick={clearRecent}>
              {intl.formatMessage({ id: 'searchBox.clearRecent' })}
            </Clear>
          )}
        </Heading>
        <List id={listId} role="listbox" aria-label={listLabel}>
          {choices.map((choice, index) => (
            <Option
              key={choice.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              $active={index === active}
              onClick={() => choose(choice)}
              onMouseEnter={() => setActive(index)}
            >
              <span>
                <Highlight text={choice.text} ranges={choice.ranges} />
              </span>
              {kindLabel(choice.kind) && <Kind>{kindLabel(choice.kind)}</Kind>}
            </Option>
          ))}
        </List>
      </Popup>
    </Form>
  );
}
