import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ProductSort } from '../../__generated__/graphql.ts';
import { ToggleLink } from '../../components/ToggleChip.tsx';
import './messages.ts'; // the product list's texts

export const SORTS = [
  'DEFAULT',
  'SALES',
  'NEWEST',
  'PRICE_ASC',
  'PRICE_DESC',
] as const satisfies readonly ProductSort[];

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 10px 12px;
  margin-bottom: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

/**
 * The order of a product list: a group of links, one per order (the current one marked), each to
 * the list in that order (`hrefOf`), so sorting works without JavaScript too.
 */
export function SortBar({
  value,
  onChange,
  hrefOf,
}: {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
  hrefOf: (sort: ProductSort) => string;
}) {
  const intl = useIntl();
  return (
    <Bar role="group" aria-label={intl.formatMessage({ id: 'product.sort.label' })}>
      {SORTS.map((sort) => (
        <ToggleLink
          key={sort}
          href={hrefOf(sort)}
          active={sort === value}
          onChoose={() => sort !== value && onChange(sort)}
        >
          {intl.formatMessage({ id: `product.sort.${sort}` })}
        </ToggleLink>
      ))}
    </Bar>
  );
}
