import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { inAppClick } from '../lib/url-params.ts';
import { Button } from './Button.tsx';
import { ButtonLink } from './ButtonLink.tsx';
import { EmptyState } from './EmptyState.tsx';
import { Nav } from './Pagination.tsx';
import './past-last-page-messages.ts'; // this lazy part's texts

/**
 * A paged list opened past its last page: says so and offers the last and the first page. When
 * pages have addresses (`hrefOf`) the way back is a link, so it works before the script has
 * started and without it.
 */
export default function PastLastPage({
  pageNum,
  pages,
  onChange,
  hrefOf,
}: {
  pageNum: number;
  pages: number;
  onChange: (pageNum: number) => void;
  hrefOf?: (pageNum: number) => string;
}) {
  const intl = useIntl();
  const wayTo = (to: number, variant: 'primary' | 'default', text: ReactNode) =>
    hrefOf ? (
      <ButtonLink variant={variant} href={hrefOf(to)} onClick={inAppClick(() => onChange(to))}>
        {text}
      </ButtonLink>
    ) : (
      <Button variant={variant} onClick={() => onChange(to)}>
        {text}
      </Button>
    );
  return (
    <EmptyState
      title={intl.formatMessage({ id: 'kit.pastLastPage' }, { page: pageNum, pages })}
      action={
        <Nav aria-label={intl.formatMessage({ id: 'kit.pagination' })}>
          {wayTo(pages, 'primary', intl.formatMessage({ id: 'kit.lastPage' }, { page: pages }))}
          {pages > 1 && wayTo(1, 'default', intl.formatMessage({ id: 'kit.firstPage' }))}
        </Nav>
      }
    />
  );
}
