import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { SearchNoResultsDocument } from '../../__generated__/graphql.ts';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { Section, SectionHeader } from '../page/Page.tsx';
import { ProductList } from '../product/ProductList.tsx';
import { RecentSearchLinks } from './RecentSearchLinks.tsx';
import '../../pages/search/search-messages.ts';

/**
 * Best-sellers to carry on with. Their own boundary: the search's answer is shown while they
 * load, and a failure to fetch them leaves them out rather than hiding that answer.
 */
function HotPicks() {
  const intl = useIntl();
  const { data } = useRouteQuery(SearchNoResultsDocument, { errorPolicy: 'all' });
  const products = data?.hotProducts.records ?? [];
  if (!products.length) return null;
  const title = intl.formatMessage({ id: 'search.hotPicks' });
  return (
    <Section aria-label={title}>
      <SectionHeader>
        <h2>{title}</h2>
      </SectionHeader>
      <ProductList products={products} detailBase="/category/goods-detail" label={title} />
    </Section>
  );
}

/** A search that found nothing: says so, then offers the shopper's other searches and the hot products. */
export function SearchNoResults({ keyword }: { keyword: string }) {
  const intl = useIntl();
  return (
    <>
      <EmptyState title={intl.formatMessage({ id: 'search.empty' }, { keyword })}>
        <p>{intl.formatMessage({ id: 'search.emptyHint' })}</p>
      </EmptyState>
      <RecentSearchLinks current={keyword} />
      <Suspense fallback={<Skeleton kind="grid" />}>
        <HotPicks />
      </Suspense>
    </>
  );
}
