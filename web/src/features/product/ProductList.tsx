import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { mobileQuery } from '../../theme.ts';
import { ProductCard } from './ProductCard.tsx';
import type { ProductRef } from './product-ref.ts';

// Apart from the paged grid so that a screen without paging (the home page) does not load the pager.
export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: 16px;
  ${mobileQuery} {
    grid-template-columns: repeat(2, 1fr);
    gap: 10px;
  }
`;

/** A list of product cards (no paging). */
export function ProductList({
  products,
  detailBase,
  label,
}: {
  products: readonly ProductRef[];
  detailBase?: string;
  label?: string;
}) {
  const intl = useIntl();
  return (
    <Grid aria-label={label ?? intl.formatMessage({ id: 'product.list' })}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} detailBase={detailBase} />
        </li>
      ))}
    </Grid>
  );
}
