import { SEARCH_KEYWORD_MAX_LENGTH } from '@shop/common/search.ts';
import {
  type FormEvent,
  type KeyboardEvent,
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { focusRing } from '../components/focus-ring.ts';
import { clearRecentSearches, recentSearches, rememberSearch } from '../features/search/recent-searches.ts';
import { type Choice, SEARCH_ROUTE, searchPath } from '../features/search/search-choices.ts';
import '../features/search/messages.ts'; // the search box's texts

const SuggestPopup = lazy(() => import('../features/search/SuggestPopup.tsx'));

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
    ${focusRing}
  }
`;

/**
 * The header search: an ARIA combobox whose list (a lazy chunk, loaded on first focus) offers
 * recent searches while the box is empty and, as the shopper types, suggested categories and
 * products (debounced, at most eight). Arrow keys move through the list, Enter opens the chosen
 * entry (or searches), Escape closes it.
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
  const [choices, setChoices] = useState<Choice[]>([]);
  useEffect(() => setKeyword(current), [current]);
  // Words typed into the server's HTML before the script took the box over are the box's own.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const early = input.current?.value;
    if (early) setKeyword(early);
  }, []);
  const typed = keyword.trim();
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
    // The box's own text: a submit React replays after hydration can come before the state has
    // taken the words typed into the server's HTML.
    const words = (input.current?.value ?? keyword).trim();
    if (words) search(words);
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

  return (
    // Without JavaScript the form itself goes to the search route (`?keyword=`).
    <Form
      role="search"
      method="get"
      action={SEARCH_ROUTE}
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'layout.search' })}
    >
      <Input
        ref={input}
        // a text box: a combobox may not be type=search (its own role would be overridden)
        type="text"
        enterKeyHint="search"
        name="keyword"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-option-${active}` : undefined}
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
        maxLength={SEARCH_KEYWORD_MAX_LENGTH}
      />
      <Submit type="submit">{intl.formatMessage({ id: 'layout.searchButton' })}</Submit>
      {open && (
        <Suspense fallback={null}>
          <SuggestPopup
            listId={listId}
            typed={typed}
            open={open}
            active={active}
            recent={recent}
            onChoices={setChoices}
            onActive={setActive}
            onChoose={choose}
            onClearRecent={clearRecent}
          />
        </Suspense>
      )}
    </Form>
  );
}
