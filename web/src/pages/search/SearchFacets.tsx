import { formatMoney, type MoneyAmount } from '@shop/common/format.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { SearchResultPageQuery } from '../../__generated__/graphql.ts';
import { ToggleLink } from '../../components/ToggleChip.tsx';
import './search-messages.ts';

type Facets = SearchResultPageQuery['productSearch']['facets'];

/** A price band in the URL: `?price=10000-50000` (fen, upper bound excluded), `?price=500000-` for the top band. */
export interface PriceBand {
  min: number;
  max: number | null;
}

export function parsePriceBand(value: string | null): PriceBand | null {
  const match = /^(\d{1,10})-(\d{1,10})?$/.exec(value ?? '');
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? null : Number(match[2]);
  return max !== null && max <= min ? null : { min, max };
}

export const priceBandParam = (band: PriceBand) => `${band.min}-${band.max ?? ''}`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 10px 12px;
  margin-bottom: 12px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
`;

const Label = styled.span`
  min-width: 4em;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

const Chip = styled(ToggleLink)`
  padding: 2px 10px;
`;

export interface SearchFacetsProps {
  facets: Facets;
  category: string | null;
  price: PriceBand | null;
  onCategory: (cardName: string | null) => void;
  onPrice: (band: PriceBand | null) => void;
  /** The addresses of those choices: the filters are links, which work without JavaScript. */
  categoryHref: (cardName: string | null) => string;
  priceHref: (band: PriceBand | null) => string;
}

/** Category and price-band filters of a search, with how many results each holds. */
export function SearchFacets({
  facets,
  category,
  price,
  onCategory,
  onPrice,
  categoryHref,
  priceHref,
}: SearchFacetsProps) {
  const intl = useIntl();
  // Bands fall on whole yuan: '¥100', not '¥100.00'.
  const yuan = (money: MoneyAmount) => formatMoney(money.fen, money.currency).replace(/\.00$/, '');
  const bandText = (min: MoneyAmount, max: MoneyAmount | null) =>
    max === null
      ? intl.formatMessage({ id: 'search.facet.priceFrom' }, { min: yuan(min) })
      : intl.formatMessage({ id: 'search.facet.priceBand' }, { min: yuan(min), max: yuan(max) });
  const categoryLabel = intl.formatMessage({ id: 'search.facet.category' });
  const priceLabel = intl.formatMessage({ id: 'search.facet.price' });
  const all = intl.formatMessage({ id: 'search.facet.all' });
  return (
    <Panel>
      <Row role="group" aria-label={categoryLabel}>
        <Label aria-hidden="true">{categoryLabel}</Label>
        <Chip href={categoryHref(null)} active={category === null} onChoose={() => onCategory(null)}>
          {all}
        </Chip>
        {facets.categories.map((facet) => {
          const active = facet.cardName === category;
          return (
            <Chip
              key={facet.id}
              href={categoryHref(active ? null : facet.cardName)}
              active={active}
              onChoose={() => onCategory(active ? null : facet.cardName)}
            >
              {facet.name} ({facet.count})
            </Chip>
          );
        })}
      </Row>
      <Row role="group" aria-label={priceLabel}>
        <Label aria-hidden="true">{priceLabel}</Label>
        <Chip href={priceHref(null)} active={price === null} onChoose={() => onPrice(null)}>
          {all}
        </Chip>
        {facets.prices.map((facet) => {
          const band = { min: facet.min.fen, max: facet.max?.fen ?? null };
          const active = price !== null && price.min === band.min && price.max === band.max;
          return (
            <Chip
              key={band.min}
              href={priceHref(active ? null : band)}
              active={active}
              onChoose={() => onPrice(active ? null : band)}
            >
              {bandText(facet.min, facet.max ?? null)} ({facet.count})
            </Chip>
          );
        })}
      </Row>
    </Panel>
  );
}
