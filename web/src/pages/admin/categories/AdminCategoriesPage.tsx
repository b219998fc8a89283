import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  AdminCategoriesDocument,
  type AdminCategory_FieldsFragment,
  ReorderCategoriesDocument,
} from '../../../__generated__/graphql.ts';
import { useRouteQuery } from '../../../app/route-data.tsx';
import { acceptPayload } from '../../../app/user-errors.ts';
import { usePermission } from '../../../auth/permissions.tsx';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Picture } from '../../../components/Picture.tsx';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { mobileQuery } from '../../../theme.ts';
import { Actions, Badge, Screen } from '../ui.tsx';
import { EditCategoryDialog, NewCategoryDialog } from './CategoryDialog.tsx';
import './category-messages.ts'; // this chunk's texts
import { useCategoryLifecycle } from './useCategoryLifecycle.ts';

type Category = AdminCategory_FieldsFragment & { children?: readonly AdminCategory_FieldsFragment[] };

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  h1 {
    margin: 0;
  }
`;

const Tree = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  ol {
    list-style: none;
    margin: 0 0 8px 28px;
    padding: 0;
    ${mobileQuery} {
      margin-left: 12px;
    }
  }
`;

const Item = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 8px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  img {
    width: 40px;
    height: 40px;
    flex: none;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
`;

const Names = styled.div`
  flex: 1 1 200px;
  min-width: 0;
  overflow-wrap: anywhere;
  strong {
    margin-right: 8px;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const byLocale = (locale: string, category: { nameZh: string; nameEn: string }) =>
  locale.startsWith('en') ? category.nameEn : category.nameZh;

/** Which button keeps the focus once a moved row is drawn again in its new place. */
interface MovedFocus {
  id: string;
  direction: 'up' | 'down';
}

function CategoryItem({
  category,
  index,
  count,
  canEdit,
  empty,
  onMove,
  onEdit,
  onToggleHidden,
  onDelete,
}: {
  category: AdminCategory_FieldsFragment;
  index: number;
  count: number;
  canEdit: boolean;
  /** Neither it nor a sub-category holds a product: it may be deleted. */
  empty: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
  onToggleHidden: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const name = byLocale(intl.locale, category);
  return (
    <Item>
      <Picture image={category.icon} alt="" width={40} height={40} sizes="40px" loading="lazy" />
      <Names>
        <strong lang="zh-CN">{category.nameZh}</strong>
        <span lang="en">{category.nameEn}</span>
        <small>
          /{category.cardName} · {t('categories.products', { count: category.productCount })} ·{' '}
          {t('categories.version', { version: category.version })}
        </small>
      </Names>
      {category.hidden && <Badge $tone="muted">{t('categories.hiddenBadge')}</Badge>}
      {canEdit && (
        <Actions>
          <Button
            size="sm"
            id={`category-${category.id}-up`}
            aria-label={t('categories.upOf', { name })}
            disabled={index === 0}
            onClick={() => onMove('up')}
          >
            {t('categories.up')}
          </Button>
          <Button
            size="sm"
            id={`category-${category.id}-down`}
            aria-label={t('categories.downOf', { name })}
            disabled={index === count - 1}
            onClick={() => onMove('down')}
          >
            {t('categories.down')}
          </Button>
          <Button size="sm" aria-label={t('categories.editOf', { name })} onClick={onEdit}>
            {t('categories.edit')}
          </Button>
          <Button
            size="sm"
            aria-label={t(category.hidden ? 'categories.showOf' : 'categories.hideOf', { name })}
            onClick={onToggleHidden}
          >
            {t(category.hidden ? 'categories.show' : 'categories.hide')}
          </Button>
          {empty && (
            <Button
              size="sm"
              variant="danger"
              aria-label={t('categories.deleteOf', { name })}
              onClick={onDelete}
            >
              {t('categories.delete')}
            </Button>
          )}
        </Actions>
      )}
    </Item>
  );
}

/**
 * /admin/categories (分类管理): the two-level category tree in display order; add a category,
 * rename it in both languages, choose its picture, move it up or down among its siblings, hide it
 * from the storefront (marked 已隐藏 here) or show it again, and delete one that holds no
 * products. Editing needs `category:edit`.
 */
export default function AdminCategoriesPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const canEdit = usePermission('category:edit');
  const { data } = useRouteQuery(AdminCategoriesDocument, { fetchPolicy: 'cache-and-network' });
  const [reorder, { loading: moving }] = useMutation(ReorderCategoriesDocument, {
    refetchQueries: [AdminCategoriesDocument],
    awaitRefetchQueries: true,
  });
  const lifecycle = useCategoryLifecycle();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [moved, setMoved] = useState<MovedFocus | null>(null);
  const roots: readonly Category[] = data.adminCategories;
  const all = roots.flatMap((root) => [root, ...(root.children ?? [])]);
  const editing = all.find((category) => category.id === editingId);

  // A moved row is drawn again in its new place: its button (or the other one, at an end) keeps the focus.
  useEffect(() => {
    if (!moved) return;
    const button = document.getElementById(
      `category-${moved.id}-${moved.direction}`,
    ) as HTMLButtonElement | null;
    const other = document.getElementById(
      `category-${moved.id}-${moved.direction === 'up' ? 'down' : 'up'}`,
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  }, [moved]);

  const move = async (
    siblings: readonly Category[],
    parentId: string | null,
    index: number,
    direction: 'up' | 'down',
  ) => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const ids = siblings.map((category) => category.id);
    [ids[index], ids[target]] = [ids[target], ids[index]];
    try {
      acceptPayload(
        (await reorder({ variables: { input: { parentId, categoryIds: ids } } })).data?.reorderCategories,
      );
      setMoved({ id: siblings[index].id, direction });
    } catch {
      // the refusal ('分类列表已变化…') is a toast, and the list is read again
    }
  };

  const list = (siblings: readonly Category[], parentId: string | null) =>
    siblings.map((category, index) => (
      <li key={category.id}>
        <CategoryItem
          category={category}
          index={index}
          count={siblings.length}
          canEdit={canEdit && !moving && !lifecycle.busy}
          empty={
            category.productCount === 0 &&
            (category.children ?? []).every((child) => child.productCount === 0)
          }
          onMove={(direction) => void move(siblings, parentId, index, direction)}
          onEdit={() => setEditingId(category.id)}
          onToggleHidden={() => void lifecycle.toggleHidden(category)}
          onDelete={() =>
            void lifecycle.deleteCategory({
              id: category.id,
              version: category.version,
              name: byLocale(intl.locale, category),
              children: category.children?.length ?? 0,
            })
          }
        />
        {category.children && category.children.length > 0 && (
          <ol aria-label={t('categories.children', { name: byLocale(intl.locale, category) })}>
            {list(category.children, category.id)}
          </ol>
        )}
      </li>
    ));

  return (
    <Screen aria-labelledby="admin-categories-title">
      <Top>
        <h1 id="admin-categories-title">{t('categories.title')}</h1>
        {canEdit && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            {t('categories.new')}
          </Button>
        )}
      </Top>
      {roots.length === 0 ? (
        <EmptyState title={t('categories.empty')} />
      ) : (
        <>
          <p aria-live="polite">{t('categories.total', { total: roots.length })}</p>
          <Tree aria-labelledby="admin-categories-title">{list(roots, null)}</Tree>
        </>
      )}
      {adding && <NewCategoryDialog parents={roots} onClose={() => setAdding(false)} />}
      {editing && (
        <EditCategoryDialog key={editing.id} category={editing} onClose={() => setEditingId(null)} />
      )}
    </Screen>
  );
}
