import { useApolloClient } from '@apollo/client/react';
import { fenToYuan } from '@shop/common/validation/products.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  AdminProductEditorDocument,
  type ProductForm_ProductFragment,
} from '../../../__generated__/graphql.ts';
import { MutationRefused } from '../../../app/user-errors.ts';
import { Button } from '../../../components/Button.tsx';
import { Field, Select, TextArea, TextInput, useShopForm } from '../../../components/form/index.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { mobileQuery } from '../../../theme.ts';
import {
  changedFields,
  EMPTY_PRODUCT,
  FIELD_LABELS,
  type FormField,
  formValuesOf,
  type ProductFormValues,
  productFormSchema,
} from './product-form.ts';
import { StaleEdit, TheirChanges } from './StaleEdit.tsx';
import type { CategoryOption } from './useCategoryOptions.ts';
import { useCreateProduct } from './useCreateProduct.ts';
import { useUnsavedChanges } from './useUnsavedChanges.ts';
import { useUpdateProduct } from './useUpdateProduct.ts';
import './product-messages.ts'; // this chunk's texts

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0 16px;
  ${mobileQuery} {
    grid-template-columns: 1fr;
  }
`;

const Fields = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin: 16px 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
    font-weight: bold;
  }
`;

const Flags = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 24px;
  margin-bottom: 16px;
  label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-height: 24px;
    cursor: pointer;
  }
  input {
    width: 16px;
    height: 16px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 8px;
  margin-top: 8px;
`;

export const VERSION_CONFLICT = 'PRODUCT_VERSION_CONFLICT';

const isStale = (error: unknown) =>
  error instanceof MutationRefused &&
  error.userErrors.some((userError) => userError.code === VERSION_CONFLICT);

export interface ProductFormProps {
  /** The product to edit; null creates one. */
  product: ProductForm_ProductFragment | null;
  categories: CategoryOption[];
  /** Without `product:edit` the form is shown read-only. */
  canEdit: boolean;
  /** Under the stock field while editing (the stock dialog's button). */
  stockAction?: ReactNode;
}

/**
 * The product editor's form: names and descriptions in both languages, category, prices in yuan,
 * stock (creating only), hot/new and the shelf, checked with the shared rules. An edit is sent
 * against the version it started from, with only the fields it changed; a stale one is refused
 * and the latest version can be loaded without losing what was typed. Leaving with unsaved
 * changes asks first.
 */
export function ProductForm({ product, categories, canEdit, stockAction }: ProductFormProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useApolloClient();
  const creating = product === null;
  // The version this edit is made against and what it started from: the product as loaded,
  // saved or reloaded here, never a newer copy that reached the cache meanwhile.
  const [base, setBase] = useState(product);
  const baseValues = base ? formValuesOf(base) : EMPTY_PRODUCT;
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [theirs, setTheirs] = useState<Array<{ field: string; value: string }>>([]);
  // A newer version that changed none of the form's fields (photos, stock, made here or elsewhere)
  // becomes the base: an edit of these fields loses nothing of it, so it is not refused as stale.
  useEffect(() => {
    setBase((current) =>
      product &&
      current &&
      product.version > current.version &&
      changedFields(formValuesOf(product), formValuesOf(current), false).length === 0
        ? product
        : current,
    );
  }, [product]);
  const { createProduct } = useCreateProduct();
  const { updateProduct } = useUpdateProduct();

  const form = useShopForm({
    schema: productFormSchema(creating),
    labels: FIELD_LABELS,
    defaultValues: baseValues,
  });
  const values = form.watch() as ProductFormValues;
  const dirty = changedFields(values, baseValues, creating).length > 0;
  const { release } = useUnsavedChanges(dirty && canEdit);

  const shown = (field: FormField, value: ProductFormValues[FormField]): string => {
    if (typeof value === 'boolean') return t(value ? 'products.history.yes' : 'products.history.no');
    if (field === 'categoryId') return categories.find((option) => option.value === value)?.label ?? value;
    return value === '' ? t('products.history.none') : value;
  };

  const reload = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const { data } = await client.query({
        query: AdminProductEditorDocument,
        variables: { id: base.id },
        fetchPolicy: 'network-only',
      });
      const latest = data?.adminProduct;
      if (!latest) return;
      const latestValues = formValuesOf(latest);
      const typed = form.getValues() as ProductFormValues;
      const changedByOthers = changedFields(baseValues, latestValues, false);
      // Their change comes in where this form left the field as it was; a field typed here keeps
      // what was typed, and the list below says what they set it to.
      for (const field of changedByOthers) {
        if (typed[field] === baseValues[field]) form.setValue(field as never, latestValues[field] as never);
      }
      setTheirs(
        changedByOthers.map((field) => ({
          field: t(FIELD_LABELS[field]),
          value: shown(field, latestValues[field]),
        })),
      );
      setBase(latest);
      setStale(false);
    } finally {
      setReloading(false);
    }
  };

  const submit = form.handleSubmit(async (valid) => {
    const typed = form.getValues() as ProductFormValues;
    const input = {
      nameZh: valid.nameZh,
      nameEn: valid.nameEn,
      descriptionZh: valid.descriptionZh ?? '',
      descriptionEn: valid.descriptionEn ?? '',
      categoryId: String(valid.categoryId),
      price: fenToYuan(valid.price),
      originalPrice: valid.originalPrice == null ? null : fenToYuan(valid.originalPrice),
      isHot: valid.isHot,
      isNew: valid.isNew,
      onShelf: valid.onShelf,
    };
    try {
      if (creating) {
        const created = await createProduct({ ...input, stock: Number(typed.stock) });
        if (!created) return;
        release();
        navigate(`/admin/products/${created.id}`, { replace: true });
        return;
      }
      if (!base) return;
      const changed = changedFields(typed, baseValues, false).filter((name) => name in input);
      if (changed.length === 0) return;
      const patch = Object.fromEntries(changed.map((name) => [name, input[name as keyof typeof input]]));
      const saved = await updateProduct({ id: base.id, version: base.version, ...patch });
      if (!saved) return;
      setBase(saved);
      setTheirs([]);
      form.reset(formValuesOf(saved));
    } catch (error) {
      if (isStale(error)) setStale(true);
      else form.showRefusal(error);
    }
  });

  const text = (name: FormField, control: ReactNode, options: { required?: boolean; hint?: string } = {}) => (
    <Field
      label={t(FIELD_LABELS[name])}
      required={options.required}
      hint={options.hint}
      error={form.errorText(name)}
    >
      {control}
    </Field>
  );

  return (
    // needs the script (a mutation); `post` keeps what was typed out of any URL regardless
    <form method="post" onSubmit={submit} noValidate aria-labelledby="product-editor-title">
      {stale && <StaleEdit onReload={() => void reload()} reloading={reloading} />}
      {theirs.length > 0 && !stale && <TheirChanges changes={theirs} />}
      <Fields disabled={!canEdit}>
        <legend>{t('products.editor.names')}</legend>
        <Columns>
          {text('nameZh', <TextInput {...form.field('nameZh')} lang="zh-CN" maxLength={80} />, {
            required: true,
          })}
          {text('nameEn', <TextInput {...form.field('nameEn')} lang="en-GB" maxLength={160} />, {
            required: true,
          })}
          {text('descriptionZh', <TextArea {...form.field('descriptionZh')} lang="zh-CN" rows={4} />)}
          {text('descriptionEn', <TextArea {...form.field('descriptionEn')} lang="en-GB" rows={4} />)}
        </Columns>
      </Fields>
      <Fields disabled={!canEdit}>
        <legend>{t('products.editor.selling')}</legend>
        <Columns>
          {text(
            'categoryId',
            <Select
              {...form.field('categoryId')}
              placeholder={t('products.editor.chooseCategory')}
              options={categories}
            />,
            { required: true },
          )}
          <div>
            {creating ? (
              text('stock', <TextInput {...form.field('stock')} inputMode="numeric" maxLength={7} />, {
                required: true,
                hint: t('products.editor.stockHint'),
              })
            ) : (
              <p>
                {t('products.editor.stockLater', { stock: product?.stock ?? 0 })} {stockAction}
              </p>
            )}
          </div>
          {text('price', <TextInput {...form.field('price')} inputMode="decimal" maxLength={10} />, {
            required: true,
            hint: t('products.editor.yuanHint'),
          })}
          {text(
            'originalPrice',
            <TextInput {...form.field('originalPrice')} inputMode="decimal" maxLength={10} />,
            {
              hint: t('products.editor.originalPriceHint'),
            },
          )}
        </Columns>
      </Fields>
      <Fields disabled={!canEdit}>
        <legend>{t('products.editor.flags')}</legend>
        <Flags>
          {(['isHot', 'isNew', 'onShelf'] as const).map((name) => (
            <label key={name}>
              <input type="checkbox" {...form.field(name)} />
              {t(FIELD_LABELS[name])}
            </label>
          ))}
        </Flags>
      </Fields>
      {canEdit && (
        <Footer>
          <Button type="submit" variant="primary" loading={form.submitting}>
            {t('products.editor.save')}
          </Button>
        </Footer>
      )}
    </form>
  );
}
