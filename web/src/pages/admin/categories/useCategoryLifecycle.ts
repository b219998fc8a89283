import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import {
  AdminCategoriesDocument,
  DeleteCategoryDocument,
  SetCategoryHiddenDocument,
} from '../../../__generated__/graphql.ts';
import { acceptPayload } from '../../../app/user-errors.ts';
import { useConfirm } from '../../../components/confirm.tsx';
import './category-messages.ts'; // this chunk's texts

/** Every change reads the tree again: versions, order and what is left are the service's. */
const refetch = { refetchQueries: [AdminCategoriesDocument], awaitRefetchQueries: true };

/**
 * Hides a category from the storefront or shows it again (at once: it can be undone), and deletes
 * an empty one after '确认删除分类…？', each against the version the tree showed. A refusal (someone
 * changed it meanwhile, `CATEGORY_VERSION_CONFLICT`; products filed under it since,
 * `CATEGORY_NOT_EMPTY`) is the link's toast, and the tree is read again.
 */
export function useCategoryLifecycle() {
  const intl = useIntl();
  const confirm = useConfirm();
  const [setHidden, hiding] = useMutation(SetCategoryHiddenDocument, refetch);
  const [remove, removing] = useMutation(DeleteCategoryDocument, refetch);

  const toggleHidden = useCallback(
    async (category: { id: string; version: number; hidden: boolean }) => {
      try {
        const input = { id: category.id, version: category.version, hidden: !category.hidden };
        acceptPayload((await setHidden({ variables: { input } })).data?.setCategoryHidden);
        return true;
      } catch {
        return false; // the refusal is already a toast
      }
    },
    [setHidden],
  );

  const deleteCategory = useCallback(
    async (category: { id: string; version: number; name: string; children: number }) => {
      const ok = await confirm({
        message: intl.formatMessage(
          { id: 'categories.deleteConfirm' },
          { name: category.name, children: category.children },
        ),
        confirmText: intl.formatMessage({ id: 'categories.delete' }),
        cancelText: intl.formatMessage({ id: 'categories.deleteKeep' }),
      });
      if (!ok) return false;
      try {
        const input = { id: category.id, version: category.version };
        acceptPayload((await remove({ variables: { input } })).data?.deleteCategory);
        return true;
      } catch {
        return false;
      }
    },
    [confirm, intl, remove],
  );

  return { toggleHidden, deleteCategory, busy: hiding.loading || removing.loading };
}
