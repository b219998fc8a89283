import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ProductSort } from '../../__generated__/graphql.ts';

export const SORTS: readonly ProductSort[] = ['DEFAULT', 'SALES', 'NEWEST', 'PRICE_ASC', 'PRICE_DESC'];

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 10px 12px;
  margin-bottom: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

const Option = styled.button<{ $active: boolean }>`
  border: 1px solid ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primaryLight : theme.colors.surface)};
  color: ${({ theme, $active }) => ($active ? theme.colors.primaryStrong : theme.colors.text)};
  border-radius: ${({ theme }) => theme.radii.pill}px;
  padding: 4px 14px;
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The order of a product list; a group of toggle buttons (the pressed one is the current order). */
export function SortBar({ value, onChange }: { value: ProductSort; onChange: (sort: ProductSort) => void }) {
  const intl = useIntl();
  return (
    <Bar role="group" aria-label={intl.formatMessage({ id: 'product.sort.label' })}>
      {SORTS.map((sort) => (
        <Option
          key={sort}
          type="button"
          $active={sort === value}
          aria-pressed={sort === value}
          onClick={() => sort !== value && onChange(sort)}
        >
          {intl.formatMessage({ id: `product.sort.${sort}` })}
        </Option>
      ))}
    </Bar>
  );
}
