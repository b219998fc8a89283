import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { bareList, cardColumns } from '../../components/grid.ts';
import { ProductCard } from './ProductCard.tsx';
import type { ProductRef } from './product-ref.ts';
import './messages.ts'; // the product list's texts

// Apart from the paged grid so that a screen without paging (the home page) does not load the pager.
export const Grid = styled.ul`
  ${bareList}
  ${cardColumns(180, 16, 10)}
`;

/** A list of product cards (no paging). */
export function ProductList({
  products,
  detailBase,
  label,
  headingLevel,
  lead = false,
}: {
  products: readonly ProductRef[];
  detailBase?: string;
  label?: string;
  /** The cards' name headings: 2 right under the page's h1, 3 (default) under a section's h2. */
  headingLevel?: 2 | 3;
  /** The first card's picture is the page's lead picture (preloaded, so never lazy). */
  lead?: boolean;
}) {
  const intl = useIntl();
  return (
    <Grid aria-label={label ?? intl.formatMessage({ id: 'product.list' })}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            detailBase={detailBase}
            headingLevel={headingLevel}
            lead={lead && index === 0}
          />
        </li>
      ))}
    </Grid>
  );
}
