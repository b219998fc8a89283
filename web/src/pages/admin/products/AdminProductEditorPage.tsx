import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import {
  AdminProductEditorDocument,
  type ProductForm_ProductFragment,
} from '../../../__generated__/graphql.ts';
import { useRouteQuery } from '../../../app/route-data.tsx';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { Actions, Screen } from '../ui.tsx';
import { ProductForm } from './ProductForm.tsx';
import { ProductHistory } from './ProductHistory.tsx';
import { useProductPermissions } from './permissions.ts';
import { ProductPhotos } from './photos/ProductPhotos.tsx';
import { localName, ShelfBadge, Top } from './product-ui.tsx';
import { StockButton } from './stock/StockButton.tsx';
import { type CategoryOption, useCategoryOptions } from './useCategoryOptions.ts';
import { useRestoreProduct } from './useRestoreProduct.ts';
import { useWithdrawProduct } from './useWithdrawProduct.ts';
import './product-messages.ts'; // this chunk's texts

function EditorTop({ title, children }: { title: string; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <>
      <Top>
        <Link to="/admin/products">‹ {intl.formatMessage({ id: 'products.editor.back' })}</Link>
      </Top>
      <Top>
        <h1 id="product-editor-title">{title}</h1>
        {children}
      </Top>
    </>
  );
}

/** Withdraw (after a question) or restore the product, against the version on screen. */
function ShelfAction({ product }: { product: ProductForm_ProductFragment }) {
  const intl = useIntl();
  const name = localName(product, intl.locale);
  const { withdrawProduct, withdrawing } = useWithdrawProduct();
  const { restoreProduct, restoring } = useRestoreProduct();
  return product.withdrawn ? (
    <Button size="sm" loading={restoring} onClick={() => void restoreProduct(product)}>
      {intl.formatMessage({ id: 'products.restore' })}
    </Button>
  ) : (
    <Button
      size="sm"
      variant="danger"
      loading={withdrawing}
      onClick={() => void withdrawProduct({ ...product, name })}
    >
      {intl.formatMessage({ id: 'products.withdraw' })}
    </Button>
  );
}

/** An existing product: its form (against the version read here) and its history. */
function ExistingProduct({
  id,
  categories,
  canEdit,
  canAdjustStock,
}: {
  id: string;
  categories: CategoryOption[];
  canEdit: boolean;
  canAdjustStock: boolean;
}) {
  const intl = useIntl();
  const t = (key: MessageId) => intl.formatMessage({ id: key });
  const { data } = useRouteQuery(AdminProductEditorDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const product = data.adminProduct;
  if (!product) {
    return (
      <>
        <EditorTop title={t('products.editor.editTitle')} />
        <EmptyState title={t('products.editor.notFound')} />
      </>
    );
  }
  return (
    <>
      <EditorTop title={t('products.editor.editTitle')}>
        <Actions>
          <ShelfBadge shelf={product.withdrawn ? 'WITHDRAWN' : product.onShelf ? 'ON' : 'OFF'} />
          {canEdit && <ShelfAction product={product} />}
        </Actions>
      </EditorTop>
      {product.withdrawn && <p>{t('products.editor.withdrawnNote')}</p>}
      {/* keyed by product: another product (or a saved new one) starts a fresh form */}
      <ProductForm
        key={product.id}
        product={product}
        categories={categories}
        canEdit={canEdit}
        stockAction={
          canAdjustStock && !product.withdrawn ? (
            <StockButton productId={product.id} name={localName(product, intl.locale)} />
          ) : null
        }
      />
      {canEdit && <ProductPhotos productId={product.id} />}
      <ProductHistory product={product} categories={categories} />
    </>
  );
}

/**
 * /admin/products/new creates a product, /admin/products/:productId edits one (a hidden menu
 * route; 商品管理 stays highlighted). Viewing needs `product:view`, saving `product:edit`.
 */
export default function AdminProductEditorPage() {
  const intl = useIntl();
  const t = (key: MessageId) => intl.formatMessage({ id: key });
  const { productId = 'new' } = useParams();
  const { canView, canEdit, canAdjustStock } = useProductPermissions();
  const categories = useCategoryOptions();
  const creating = productId === 'new';

  return (
    <Screen aria-labelledby="product-editor-title">
      {creating ? (
        <>
          <EditorTop title={t('products.editor.newTitle')} />
          {canEdit ? (
            <ProductForm key="new" product={null} categories={categories} canEdit />
          ) : (
            <EmptyState title={t('admin.noView')} />
          )}
        </>
      ) : canView ? (
        <ExistingProduct
          id={productId}
          categories={categories}
          canEdit={canEdit}
          canAdjustStock={canAdjustStock}
        />
      ) : (
        <>
          <EditorTop title={t('products.editor.editTitle')} />
          <EmptyState title={t('admin.noView')} />
        </>
      )}
    </Screen>
  );
}
