import { useMutation } from '@apollo/client/react';
import {
  CATEGORY_NAME_EN_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_SLUG_MAX,
  categoryNamesSchema,
  categorySchema,
} from '@shop/common/validation/catalogue-structure.ts';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { z } from 'zod';
import {
  AdminCategoriesDocument,
  type AdminCategory_FieldsFragment,
  CreateCategoryDocument,
  UpdateCategoryDocument,
} from '../../../__generated__/graphql.ts';
import { acceptPayload, MutationRefused } from '../../../app/user-errors.ts';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Field, Select, TextInput, useShopForm } from '../../../components/form/index.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { PictureChoice, type PictureValue } from './PictureChoice.tsx';
import './category-messages.ts'; // this chunk's texts

/** The new-category form: the shared rules, and where it goes (a select only this form has). */
export const newCategorySchema = categorySchema.extend({ parentId: z.string() });

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 8px;
`;

const Stale = styled.p`
  margin: 0 0 12px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.sm}px;
`;

/** Every edit reads the tree again: names, order and versions are the service's. */
const refetch = { refetchQueries: [AdminCategoriesDocument], awaitRefetchQueries: true };

/** Adds a category: its slug, both names and (optionally) the top-level category it goes under. */
export function NewCategoryDialog({
  parents,
  onClose,
}: {
  parents: readonly AdminCategory_FieldsFragment[];
  onClose: (createdId?: string) => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [create] = useMutation(CreateCategoryDocument, refetch);
  const form = useShopForm({
    schema: newCategorySchema,
    labels: {
      cardName: 'categories.slug',
      nameZh: 'categories.nameZh',
      nameEn: 'categories.nameEn',
      parentId: 'categories.parent',
    },
    defaultValues: { cardName: '', nameZh: '', nameEn: '', parentId: '' },
  });
  const submit = form.handleSubmit(async ({ parentId, ...input }) => {
    try {
      const result = await create({ variables: { input: { ...input, parentId: parentId || null } } });
      onClose(acceptPayload(result.data?.createCategory).category?.id);
    } catch (error) {
      form.showRefusal(error); // the toast is already shown; what was typed stays
    }
  });
  const name = (category: AdminCategory_FieldsFragment) =>
    intl.locale.startsWith('en') ? category.nameEn : category.nameZh;
  return (
    <Dialog open title={t('categories.new')} onClose={() => onClose()} width={480}>
      <form method="post" onSubmit={submit} noValidate>
        <Field
          label={t('categories.slug')}
          error={form.errorText('cardName')}
          hint={t('categories.slugHint')}
          required
        >
          <TextInput {...form.field('cardName')} maxLength={CATEGORY_SLUG_MAX} autoComplete="off" />
        </Field>
        <Field label={t('categories.nameZh')} error={form.errorText('nameZh')} required>
          <TextInput {...form.field('nameZh')} maxLength={CATEGORY_NAME_MAX} />
        </Field>
        <Field label={t('categories.nameEn')} error={form.errorText('nameEn')} required>
          <TextInput {...form.field('nameEn')} maxLength={CATEGORY_NAME_EN_MAX} lang="en" />
        </Field>
        <Field label={t('categories.parent')} error={form.errorText('parentId')}>
          <Select
            {...form.field('parentId')}
            options={[
              { value: '', label: t('categories.topLevel') },
              ...parents.map((parent) => ({ value: parent.id, label: name(parent) })),
            ]}
          />
        </Field>
        <Footer>
          <Button onClick={() => onClose()}>{t('categories.cancel')}</Button>
          <Button type="submit" variant="primary" loading={form.submitting}>
            {t('categories.create')}
          </Button>
        </Footer>
      </form>
    </Dialog>
  );
}

/**
 * Renames a category in both languages and chooses its picture, against the version on view. A
 * stale save is refused: the latest version loads (the category is read again) and what was
 * typed stays, so saving again is a decision made knowing someone else changed it.
 */
export function EditCategoryDialog({
  category,
  onClose,
}: {
  category: AdminCategory_FieldsFragment;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [update] = useMutation(UpdateCategoryDocument, refetch);
  const [picture, setPicture] = useState<PictureValue>(undefined);
  const [stale, setStale] = useState(false);
  const form = useShopForm({
    schema: categoryNamesSchema,
    labels: { nameZh: 'categories.nameZh', nameEn: 'categories.nameEn' },
    defaultValues: { nameZh: category.nameZh, nameEn: category.nameEn },
  });
  const submit = form.handleSubmit(async (names) => {
    try {
      const input = { id: category.id, version: category.version, ...names };
      const result = await update({
        variables: { input: picture === undefined ? input : { ...input, picture } },
      });
      acceptPayload(result.data?.updateCategory);
      onClose();
    } catch (error) {
      const conflict =
        error instanceof MutationRefused &&
        error.userErrors.some((e) => e.code === 'CATEGORY_VERSION_CONFLICT');
      setStale(conflict);
      form.showRefusal(error);
    }
  });
  const title = intl.formatMessage(
    { id: 'categories.editOf' },
    { name: intl.locale.startsWith('en') ? category.nameEn : category.nameZh },
  );
  return (
    <Dialog open title={title} onClose={onClose} width={520}>
      {stale && <Stale role="alert">{t('categories.stale')}</Stale>}
      <form method="post" onSubmit={submit} noValidate>
        <Field label={t('categories.nameZh')} error={form.errorText('nameZh')} required>
          <TextInput {...form.field('nameZh')} maxLength={CATEGORY_NAME_MAX} />
        </Field>
        <Field label={t('categories.nameEn')} error={form.errorText('nameEn')} required>
          <TextInput {...form.field('nameEn')} maxLength={CATEGORY_NAME_EN_MAX} lang="en" />
        </Field>
        <PictureChoice
          current={category.icon}
          hasPicture={category.hasPicture}
          value={picture}
          onChange={setPicture}
          texts={{
            legend: t('categories.picture'),
            upload: t('categories.pictureUpload'),
            uploading: t('categories.pictureUploading'),
            drawing: t('categories.pictureDrawing'),
            notImage: t('categories.pictureNotImage'),
          }}
        />
        <Footer>
          <Button onClick={onClose}>{t('categories.cancel')}</Button>
          <Button type="submit" variant="primary" loading={form.submitting}>
            {t('categories.save')}
          </Button>
        </Footer>
      </form>
    </Dialog>
  );
}
