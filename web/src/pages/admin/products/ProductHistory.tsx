import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { type ProductChangeKind, ProductHistory_ProductFragmentDoc } from '../../../__generated__/graphql.ts';
import { useFragment } from '../../../app/fragment.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { useShopFormat } from '../../../lib/format.ts';
import { FIELD_LABELS } from './product-form.ts';
import type { CategoryOption } from './useCategoryOptions.ts';
import './product-messages.ts'; // this chunk's texts

const Entries = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  header {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 12px;
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  ul {
    margin: 4px 0 0;
    padding-left: 20px;
    overflow-wrap: anywhere;
  }
`;

const KINDS: readonly ProductChangeKind[] = [
  'CREATED',
  'UPDATED',
  'WITHDRAWN',
  'RESTORED',
  'PHOTOS',
  'STOCK',
  'IMPORTED',
];

/** Who changed the product, when, and each field before → after (newest first). */
export function ProductHistory({
  product: from,
  categories,
}: {
  product: { __typename: 'AdminProduct'; id: string };
  categories: CategoryOption[];
}) {
  const intl = useIntl();
  const format = useShopFormat();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data, complete } = useFragment({
    fragment: ProductHistory_ProductFragmentDoc,
    fragmentName: 'ProductHistory_product',
    from,
  });
  if (!complete) return null;

  const label = (field: string) =>
    field in FIELD_LABELS ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS]) : field;
  // values arrive as text: money in yuan, flags 'true'/'false', ids as digits
  const value = (field: string, text: string | null | undefined) => {
    if (text == null || text === '') return t('products.history.none');
    if (text === 'true') return t('products.history.yes');
    if (text === 'false') return t('products.history.no');
    if (field === 'categoryId') return categories.find((option) => option.value === text)?.label ?? text;
    return text;
  };

  return (
    <section aria-labelledby="product-history-title">
      <h2 id="product-history-title">{t('products.history.title')}</h2>
      {data.history.length === 0 ? (
        <p>{t('products.history.empty')}</p>
      ) : (
        <Entries>
          {data.history.map((entry) => (
            <li key={entry.id}>
              <header>
                <strong>
                  {KINDS.includes(entry.kind) ? t(`products.history.kind.${entry.kind}`) : entry.kind}
                </strong>
                <span>
                  {t('products.history.by', {
                    who: entry.actor.account || t('products.history.unknownUser'),
                    when: format.dateTime(entry.at),
                  })}
                </span>
                <span>{t('products.history.version', { version: entry.version })}</span>
              </header>
              {entry.changes.length > 0 && (
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {t('products.history.change', {
                        field: label(change.field),
                        before: value(change.field, change.before),
                        after: value(change.field, change.after),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </Entries>
      )}
    </section>
  );
}
