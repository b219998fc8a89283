import { skipToken } from '@apollo/client/react';
import { useIntl } from 'react-intl';
import { Link, NavLink, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CategoryGoodsPageDocument } from '../../__generated__/graphql.ts';
import { useDocumentTitle } from '../../app/NavigationEffects.tsx';
import { useRouteQuery } from '../../app/route-data.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { errorCode } from '../../features/page/errors.ts';
import { PageWrap } from '../../features/page/Page.tsx';
import { ProductListScreen } from '../../features/product/ProductListScreen.tsx';
import { useListParams } from '../../features/product/useListParams.ts';
import './messages.ts'; // this screen's texts

const SubNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-bottom: 12px;
  a {
    padding: 4px 12px;
    border-radius: ${({ theme }) => theme.radii.pill}px;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.textSecondary};
    text-decoration: none;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primaryStrong};
    color: #fff;
  }
`;

const Crumbs = styled.nav`
  margin-bottom: 8px;
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
  color: ${({ theme }) => theme.colors.textSecondary};
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li + li::before {
    content: '›';
    margin-right: 4px;
  }
  a {
    color: inherit;
  }
`;

const detailPath = (cardName: string) => `/category/detail/${encodeURIComponent(cardName)}`;

/**
 * Goods of one category: /category/detail/:cardName?sort=…&page=… A breadcrumb leads back to all
 * categories and to the parent; a sub-category lists its siblings (itself marked), a parent its
 * children. An unknown slug is an answer shown here; any other failure goes to the route's retry.
 */
export default function CategoryGoodsPage() {
  const intl = useIntl();
  const { cardName = '' } = useParams();
  const { sort, pageNum, pageSize, setSort, setPage } = useListParams();
  const { data, error } = useRouteQuery(
    CategoryGoodsPageDocument,
    cardName === ''
      ? skipToken
      : // silent: the refusal is this page's own message, not a toast as well
        {
          variables: { cardName, sort, page: { pageNum, pageSize } },
          errorPolicy: 'all',
          context: { silent: true },
        },
  );

  // An unknown slug is a missing page, not a failure to retry.
  const missing = errorCode(error) === 'NOT_FOUND';
  const category = data?.category;
  const notFound = missing || (!error && !category);
  // the page is titled by what it says, as the server's head titles it (CategoryGoodsPage.server.ts)
  useDocumentTitle(notFound ? intl.formatMessage({ id: 'category.notFound' }) : category?.name);
  if (error && !missing) throw error;
  if (notFound || !data || !category) {
    return (
      <PageWrap>
        <EmptyState
          title={intl.formatMessage({ id: 'category.notFound' })}
          action={<Link to="/home">{intl.formatMessage({ id: 'category.backHome' })}</Link>}
        />
      </PageWrap>
    );
  }

  const parent = category.parentId
    ? data.categories.find((root) => root.id === category.parentId)
    : undefined;
  const links = parent ? parent.children : category.children;
  return (
    <ProductListScreen
      breadcrumb={
        <Crumbs aria-label={intl.formatMessage({ id: 'category.breadcrumb' })}>
          <ol>
            <li>
              <Link to="/category">{intl.formatMessage({ id: 'category.all' })}</Link>
            </li>
            {parent && (
              <li>
                <Link to={detailPath(parent.cardName)}>{parent.name}</Link>
              </li>
            )}
            <li aria-current="page">{category.name}</li>
          </ol>
        </Crumbs>
      }
      title={category.name}
      sort={sort}
      onSortChange={setSort}
      page={data.products}
      onPageChange={setPage}
      detailBase="/category/goods-detail"
    >
      {links.length > 0 && (
        <SubNav aria-label={intl.formatMessage({ id: 'category.subCategories' })}>
          {links.map((child) => (
            <NavLink key={child.id} to={detailPath(child.cardName)}>
              {child.name}
            </NavLink>
          ))}
        </SubNav>
      )}
    </ProductListScreen>
  );
}
