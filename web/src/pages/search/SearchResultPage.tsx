import { skipToken } from '@apollo/client/react';
import { SEARCH_KEYWORD_MAX_LENGTH, searchKeywordTooLong } from '@shop/common/search.ts';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { SearchResultPageDocument, type SearchResultPageQuery } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EmptyPage, Pagination, pagingOf } from '../../components/Pagination.tsx';
import { PageHeading, PageWrap } from '../../features/page/Page.tsx';
import { ProductCard } from '../../features/product/ProductCard.tsx';
import { Grid } from '../../features/product/ProductList.tsx';
import { SortBar } from '../../features/product/SortBar.tsx';
import { useListHrefs, useListParams } from '../../features/product/useListParams.ts';
import { Highlight } from '../../features/search/Highlight.tsx';
import { RecentSearchLinks } from '../../features/search/RecentSearchLinks.tsx';
import { SearchNoResults } from '../../features/search/SearchNoResults.tsx';
import { type PriceBand, priceBandParam, SearchFacets } from './SearchFacets.tsx';
import { searchOf } from './search-variables.ts';
import './search-messages.ts';

const Count = styled.p`
  margin: -8px 0 12px;
  color: ${({ theme }) => theme.colors.textSecondary};
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
`;

const Interpreted = styled.p`
  margin: -8px 0 12px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.md}px;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

type Hit = SearchResultPageQuery['productSearch']['hits'][number];

function HitCard({ hit, lead }: { hit: Hit; lead: boolean }) {
  const intl = useIntl();
  const { product, match } = hit;
  const note =
    match.language === 'OTHER' && match.otherName ? (
      <Note title={match.otherName}>
        {intl.formatMessage({ id: 'search.otherLanguage' })}
        <Highlight text={match.otherName} ranges={match.otherNameRanges} />
      </Note>
    ) : null;
  return (
    <ProductCard
      product={product}
      detailBase="/category/goods-detail"
      name={<Highlight text={product.name} ranges={match.nameRanges} />}
      note={note}
      headingLevel={2}
      lead={lead}
    />
  );
}

/**
 * Search results: /category/search-result?keyword=…&category=…&price=…&sort=…&page=… — best
 * match first, matches marked in the shopper's language, category and price facets; every
 * choice lives in the URL. A typo-corrected search says which words its results are for; one
 * that finds nothing offers the recent searches and the hot products; without words nothing is
 * asked of the server.
 */
export default function SearchResultPage() {
  const intl = useIntl();
  const { sort, setSort, setPage, params, update } = useListParams();
  const { hrefWith, sortHref, pageHref } = useListHrefs();
  const { keyword, category, price, variables } = searchOf(params);
  // Words longer than the API takes (an address typed or shared by hand) are explained, never
  // sent: the refusal could only be retried in vain.
  const tooLong = searchKeywordTooLong(keyword);
  const { data } = useRouteQuery(
    SearchResultPageDocument,
    keyword === '' || tooLong ? skipToken : { variables },
  );
  const title = intl.formatMessage({ id: 'search.title' }, { keyword });

  if (keyword === '' || tooLong || !data) {
    return (
      <PageWrap>
        <PageHeading>{intl.formatMessage({ id: 'search.heading' })}</PageHeading>
        <EmptyState
          title={
            tooLong
              ? intl.formatMessage({ id: 'search.tooLong' }, { max: SEARCH_KEYWORD_MAX_LENGTH })
              : intl.formatMessage({ id: 'search.noKeyword' })
          }
        />
        <RecentSearchLinks />
      </PageWrap>
    );
  }

  const result = data.productSearch;
  const found = result.total > 0;
  const narrow = (changes: Record<string, string | null>) => update({ ...changes, page: null });
  const narrowed = (changes: Record<string, string | null>) => hrefWith({ ...changes, page: null });
  return (
    <PageWrap>
      <PageHeading>{title}</PageHeading>
      {result.interpretedKeyword && (
        <Interpreted>
          {intl.formatMessage({ id: 'search.showingFor' }, { keyword: result.interpretedKeyword })}
        </Interpreted>
      )}
      <Count aria-live="polite">{intl.formatMessage({ id: 'search.count' }, { total: result.total })}</Count>
      {(result.facets.categories.length > 0 || category || price) && (
        <SearchFacets
          facets={result.facets}
          category={category}
          price={price}
          onCategory={(cardName) => narrow({ category: cardName })}
          onPrice={(band: PriceBand | null) => narrow({ price: band && priceBandParam(band) })}
          categoryHref={(cardName) => narrowed({ category: cardName })}
          priceHref={(band) => narrowed({ price: band && priceBandParam(band) })}
        />
      )}
      {found && <SortBar value={sort} onChange={setSort} hrefOf={sortHref} />}
      {!found ? (
        <SearchNoResults keyword={keyword} />
      ) : result.hits.length === 0 ? (
        <EmptyPage
          {...pagingOf(result)}
          onChange={setPage}
          hrefOf={pageHref}
          empty={<EmptyState title={intl.formatMessage({ id: 'search.empty' }, { keyword })} />}
        />
      ) : (
        <div>
          <Grid aria-label={title}>
            {result.hits.map((hit, index) => (
              <li key={hit.product.id}>
                {/* the first hit's picture is the one the server preloads (SearchResultPage.server.ts) */}
                <HitCard hit={hit} lead={index === 0} />
              </li>
            ))}
          </Grid>
          <Pagination {...pagingOf(result)} onChange={setPage} hrefOf={pageHref} />
        </div>
      )}
    </PageWrap>
  );
}
