import { useLayoutEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { SearchSuggestionsDocument } from '../../__generated__/graphql.ts';
import { useQuery } from '../../app/query.ts';
import { Highlight } from './Highlight.tsx';
import { type Choice, MAX_OPTIONS, searchPath } from './search-choices.ts';
import { useDebounced } from './useDebounced.ts';
import './messages.ts'; // the search box's texts

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
  color: ${({ theme }) => theme.colors.primaryStrong};
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
export const SUGGEST_DELAY_MS = 150;

export interface SuggestPopupProps {
  listId: string;
  typed: string;
  open: boolean;
  active: number;
  recent: readonly string[];
  onChoices: (choices: Choice[]) => void;
  onActive: (index: number) => void;
  onChoose: (choice: Choice) => void;
  onClearRecent: () => void;
}

/**
 * The list under the header search (loaded on first focus, so the first page does not pay for
 * it): recent searches while the box is empty, else suggestions asked once typing pauses.
 */
export default function SuggestPopup({
  listId,
  typed,
  open,
  active,
  recent,
  onChoices,
  onActive,
  onChoose,
  onClearRecent,
}: SuggestPopupProps) {
  const intl = useIntl();
  const settled = useDebounced(typed, SUGGEST_DELAY_MS);
  const { data, previousData } = useQuery(SearchSuggestionsDocument, {
    variables: { keyword: settled },
    skip: !open || settled === '',
  });
  const suggestions = typed === '' ? undefined : (data ?? previousData)?.searchSuggestions;
  const choices = useMemo<Choice[]>(
    () =>
      typed === ''
        ? recent.slice(0, MAX_OPTIONS).map((text) => ({
            key: `recent:${text}`,
            text,
            ranges: [],
            kind: 'recent',
            to: searchPath(text),
            keyword: text,
          }))
        : (suggestions ?? []).slice(0, MAX_OPTIONS).map((suggestion) => ({
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
          })),
    [typed, recent, suggestions],
  );
  // Before paint: the combobox says it is expanded in the same frame as the list shows.
  useLayoutEffect(() => onChoices(choices), [choices, onChoices]);

  const kindLabel = (kind: Choice['kind']) =>
    kind === 'CATEGORY'
      ? intl.formatMessage({ id: 'searchBox.category' })
      : kind === 'PRODUCT'
        ? intl.formatMessage({ id: 'searchBox.product' })
        : null;
  const listLabel = intl.formatMessage({ id: typed === '' ? 'searchBox.recent' : 'searchBox.suggestions' });
  return (
    <Popup hidden={!open || choices.length === 0} onMouseDown={(event) => event.preventDefault()}>
      <Heading>
        <span>{listLabel}</span>
        {typed === '' && (
          <Clear type="button" onClick={onClearRecent}>
            {intl.formatMessage({ id: 'searchBox.clearRecent' })}
          </Clear>
        )}
      </Heading>
      <List id={listId} role="listbox" aria-label={listLabel}>
        {choices.map((choice, index) => (
          <Option
            key={choice.key}
            id={`${listId}-option-${index}`}
            role="option"
            aria-selected={index === active}
            $active={index === active}
            onClick={() => onChoose(choice)}
            onMouseEnter={() => onActive(index)}
          >
            <span>
              <Highlight text={choice.text} ranges={choice.ranges} />
            </span>
            {kindLabel(choice.kind) && <Kind>{kindLabel(choice.kind)}</Kind>}
          </Option>
        ))}
      </List>
    </Popup>
  );
}
