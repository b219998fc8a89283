import { useIntl } from 'react-intl';
import { Button } from './Button.tsx';
import { EmptyState } from './EmptyState.tsx';
import { Nav } from './Pagination.tsx';
import './past-last-page-messages.ts'; // this lazy part's texts

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
