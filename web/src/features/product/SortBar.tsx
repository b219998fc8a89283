import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ProductSort } from '../../__generated__/graphql.ts';
import { ToggleChip } from '../../components/ToggleChip.tsx';

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

const Option = ToggleChip;

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
