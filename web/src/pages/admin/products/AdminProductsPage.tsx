import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  type AdminProductRow_ProductFragment,
  AdminProductRow_ProductFragmentDoc,
  AdminProductsDocument,
  type ProductShelf,
} from '../../../__generated__/graphql.ts';
import { useFragment } from '../../../app/fragment.ts';
import { useRouteQuery } from '../../../app/route-data.tsx';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Money } from '../../../components/Money.tsx';
import { EmptyPage, Pagination, pagingOf } from '../../../components/Pagination.tsx';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { parsePage, useUrlParams } from '../../../lib/url-params.ts';
import { Actions, Filters, Screen } from '../ui.tsx';
import { useProductPermissions } from './permissions.ts';
import {
  localName,
  NewProductLink,
  ShelfBadge,
  shelfMessage,
  Table,
  TableScroll,
  Top,
} from './product-ui.tsx';
import { StockButton } from './stock/StockButton.tsx';
import { useCategoryOptions } from './useCategoryOptions.ts';
import { useRestoreProduct } from './useRestoreProduct.ts';
import { useWithdrawProduct } from './useWithdrawProduct.ts';
import './product-messages.ts'; // this chunk's texts

export const SHELVES: ProductShelf[] = ['ON', 'OFF', 'WITHDRAWN'];
const KEYWORD_MAX = 60;

/** The filter as the URL says it (`?keyword=…&categoryId=3&shelf=ON&page=2`); none lists every product. */
export function productsFilter(params: URLSearchParams) {
  const raw = params.get('shelf');
  const shelf = SHELVES.includes(raw as ProductShelf) ? (raw as ProductShelf) : null;
  return {
    keyword: params.get('keyword')?.trim() || null,
    categoryId: params.get('categoryId') || null,
    shelf,
    page: parsePage(params.get('page')),
  };
}

/** One product of the list (its fields are read from the cache by the row's fragment). */
function ProductRow({ product: from }: { product: { __typename: 'AdminProduct'; id: string } }) {
  const { data, complete } = useFragment({
    fragment: AdminProductRow_ProductFragmentDoc,
    fragmentName: 'AdminProductRow_product',
    from,
  });
  return complete ? <ProductRowView product={data} /> : null;
}

function ProductRowView({ product }: { product: AdminProductRow_ProductFragment }) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { canEdit, canAdjustStock } = useProductPermissions();
  const { withdrawProduct, withdrawing } = useWithdrawProduct();
  const { restoreProduct, restoring } = useRestoreProduct();
  const name = localName(product, intl.locale);
  const withdrawn = product.shelf === 'WITHDRAWN';
  return (
    <tr>
      <th scope="row">
        <Link to={`/admin/products/${product.id}`}>{name}</Link>
      </th>
      <td>{product.category?.name ?? '—'}</td>
      <td>
        <Money value={product.price} />
      </td>
      <td>{product.stock}</td>
      <td>
        <ShelfBadge shelf={product.shelf} />
      </td>
      <td>
        <Actions>
          {canEdit && (
            <Link to={`/admin/products/${product.id}`} aria-label={t('products.editOf', { name })}>
              {t('products.edit')}
            </Link>
          )}
          {canEdit &&
            (withdrawn ? (
              <Button
                size="sm"
                loading={restoring}
                aria-label={t('products.restoreOf', { name })}
                onClick={() => void restoreProduct(product)}
              >
                {t('products.restore')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="danger"
                loading={withdrawing}
                aria-label={t('products.withdrawOf', { name })}
                onClick={() => void withdrawProduct({ ...product, name })}
              >
                {t('products.withdraw')}
              </Button>
            ))}
          {canAdjustStock && !withdrawn && <StockButton productId={product.id} name={name} />}
        </Actions>
      </td>
    </tr>
  );
}

/**
 * The page of products the filter asks for. A new filter or page is a navigation (a transition):
 * the current page stays until the next one is in.
 */
function ProductsList({
  filter,
  page,
  onPage,
}: {
  filter: { keyword: string | null; categoryId: string | null; shelf: ProductShelf | null };
  page: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data } = useRouteQuery(AdminProductsDocument, {
    variables: { filter, page: { pageNum: page, pageSize: DEFAULT_PAGE_SIZE } },
    fetchPolicy: 'cache-and-network',
  });
  const list = data.adminProducts;
  if (list.records.length === 0) {
    return (
      <EmptyPage {...pagingOf(list)} onChange={onPage} empty={<EmptyState title={t('products.empty')} />} />
    );
  }
  return (
    <>
      <p aria-live="polite">{t('products.total', { total: list.total })}</p>
      {/* a phone scrolls the table sideways inside its own box, never the page */}
      <TableScroll role="region" aria-labelledby="admin-products-title" tabIndex={0}>
        <Table>
          <thead>
            <tr>
              <th scope="col">{t('products.name')}</th>
              <th scope="col">{t('products.category')}</th>
              <th scope="col">{t('products.price')}</th>
              <th scope="col">{t('products.stock')}</th>
              <th scope="col">{t('products.state')}</th>
              <th scope="col">{t('products.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((product) => (
              <ProductRow key={product.id} product={product} />
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <Pagination pageNum={list.pageNum} pageSize={list.pageSize} total={list.total} onChange={onPage} />
    </>
  );
}

/**
 * /admin/products (商品管理): every product — on and off the shelf, withdrawn ones too — by name,
 * category and shelf state, paged; edit, withdraw or restore from a row. Listing needs
 * `product:view`, the actions `product:edit`.
 */
export default function AdminProductsPage() {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [params, update] = useUrlParams();
  const { page, ...filter } = productsFilter(params);
  const [typed, setTyped] = useState(filter.keyword ?? '');
  const { canView, canEdit } = useProductPermissions();
  const categories = useCategoryOptions();

  const search = (event: FormEvent) => {
    event.preventDefault();
    update({ keyword: typed.trim() || null, page: null });
  };

  return (
    <Screen aria-labelledby="admin-products-title">
      <Top>
        <h1 id="admin-products-title">{t('products.title')}</h1>
        {canEdit && <NewProductLink to="/admin/products/new">{t('products.new')}</NewProductLink>}
      </Top>
      {canView ? (
        <>
          {/* a GET of this page with the filters, should it be sent before the script has loaded */}
          <Filters method="get" onSubmit={search} role="search">
            <label>
              {t('products.keyword')}
              <input
                name="keyword"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                maxLength={KEYWORD_MAX}
                inputMode="search"
              />
            </label>
            <label>
              {t('products.category')}
              <select
                name="categoryId"
                value={filter.categoryId ?? ''}
                onChange={(event) => update({ categoryId: event.target.value, page: null })}
              >
                <option value="">{t('products.allCategories')}</option>
                {categories.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('products.shelf')}
              <select
                name="shelf"
                value={filter.shelf ?? ''}
                onChange={(event) => update({ shelf: event.target.value, page: null })}
              >
                <option value="">{t('products.shelf.all')}</option>
                {SHELVES.map((value) => (
                  <option key={value} value={value}>
                    {t(shelfMessage(value) ?? 'products.shelf.all')}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit">{t('products.search')}</Button>
          </Filters>
          <ProductsList filter={filter} page={page} onPage={(next) => update({ page: String(next) })} />
        </>
      ) : (
        <EmptyState title={t('admin.noView')} />
      )}
    </Screen>
  );
}
