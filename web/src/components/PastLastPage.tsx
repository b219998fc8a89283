import { useIntl } from 'react-intl';
import { addCatalogue } from '../i18n/messages-collect.ts';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import { Nav } from './Pagination.tsx';

/** Texts of this lazy part, added when it loads (not part of the start-up catalogue). */
export const pastLastPageMessages = {
  'zh-CN': {
    'kit.pastLastPage': '没有第 {page} 页：列表只有 {pages} 页',
    'kit.lastPage': '回到最后一页（第 {page} 页）',
    'kit.firstPage': '回到第一页',
  },
  'en-GB': {
    'kit.pastLastPage': 'There is no page {page}: the list has {pages, plural, one {# page} other {# pages}}',
    'kit.lastPage': 'Go to the last page (page {page})',
    'kit.firstPage': 'Go to the first page',
  },
};

addCatalogue(pastLastPageMessages);

/** A paged list opened past its last page: says so and offers the last and the first page. */
export default function PastLastPage({
  pageNum,
  pages,
  onChange,
}: {
  pageNum: number;
  pages: number;
  onChange: (pageNum: number) => void;
}) {
  const intl = useIntl();
  return (
    <EmptyState
      title={intl.formatMessage({ id: 'kit.pastLastPage' }, { page: pageNum, pages })}
      action={
        <Nav aria-label={intl.formatMessage({ id: 'kit.pagination' })}>
          <Button variant="primary" onClick={() => onChange(pages)}>
            {intl.formatMessage({ id: 'kit.lastPage' }, { page: pages })}
          </Button>
          {pages > 1 && (
            <Button onClick={() => onChange(1)}>{intl.formatMessage({ id: 'kit.firstPage' })}</Button>
          )}
        </Nav>
      }
    />
  );
}
