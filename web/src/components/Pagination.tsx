import { DEFAULT_PAGE_SIZE } from '@shop/common/paging.ts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { inAppClick } from '../lib/url-params.ts';
import { focusRing } from './focus-ring.ts';

export const Nav = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 6px;
  padding: 16px 0;
  flex-wrap: wrap;
  font-size: ${({ theme }) => theme.fontSizes.md}px;
`;

const PageButton = styled.button<{ $current?: boolean }>`
  min-width: 32px;
  height: 32px;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  border: 1px solid ${({ theme, $current }) => ($current ? theme.colors.primaryStrong : theme.colors.border)};
  background: ${({ theme, $current }) => ($current ? theme.colors.primaryStrong : theme.colors.surface)};
  color: ${({ theme, $current }) => ($current ? '#fff' : theme.colors.text)};
  cursor: pointer;
  font: inherit;
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  &:focus-visible {
    ${focusRing}
  }
`;

/** A page as a link (pages kept in the URL): the same look as the button. */
const PageLink = styled(PageButton).attrs({ as: 'a' })`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  text-decoration: none;
`;

/** Page numbers to show: first, last, current ± 2, with null for gaps. */
export function pageItems(current: number, pages: number): Array<number | null> {
  const set = new Set<number>([1, pages]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= pages) set.add(p);
  const sorted = [...set].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const p of sorted) {
    if (out.length && (out[out.length - 1] as number) < p - 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** The paging facts of a page of records, as Pagination and EmptyPage take them. */
export const pagingOf = ({
  pageNum,
  pageSize,
  total,
}: {
  pageNum: number;
  pageSize: number;
  total: number;
}) => ({
  pageNum,
  pageSize,
  total,
});

export interface PaginationProps {
  pageNum: number;
  pageSize?: number;
  total: number;
  onChange: (pageNum: number) => void;
  /**
   * The address of a page, when the page is kept in the URL: the pages are then links, which work
   * without JavaScript (with it, a click calls `onChange` as a button would).
   */
  hrefOf?: (pageNum: number) => string;
}

export function Pagination({
  pageNum,
  pageSize = DEFAULT_PAGE_SIZE,
  total,
  onChange,
  hrefOf,
}: PaginationProps) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  /** One control: a link to page `to` when pages have addresses, else a button. */
  const control = (
    to: number,
    props: { label: string; current?: boolean; disabled?: boolean; text: ReactNode },
  ) => {
    const { label, current, disabled, text } = props;
    if (hrefOf) {
      // an edge's arrow leads nowhere (no address); the current page is a link to itself
      return (
        <PageLink
          key={label}
          href={disabled ? undefined : hrefOf(to)}
          $current={current}
          aria-current={current ? 'page' : undefined}
          aria-disabled={disabled || undefined}
          aria-label={label}
          onClick={inAppClick(() => !disabled && !current && onChange(to))}
        >
          {text}
        </PageLink>
      );
    }
    return (
      <PageButton
        key={label}
        type="button"
        disabled={disabled}
        $current={current}
        aria-current={current ? 'page' : undefined}
        aria-label={label}
        onClick={() => !current && onChange(to)}
      >
        {text}
      </PageButton>
    );
  };
  return (
    <Nav aria-label={intl.formatMessage({ id: 'kit.pagination' })}>
      <span>{intl.formatMessage({ id: 'kit.total' }, { total })}</span>
      {control(pageNum - 1, {
        label: intl.formatMessage({ id: 'kit.prevPage' }),
        disabled: pageNum <= 1,
        text: '‹',
      })}
      {pageItems(pageNum, pages).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
          <span key={`gap-${i}`} aria-hidden="true">
            …
          </span>
        ) : (
          control(p, {
            label: intl.formatMessage({ id: 'kit.page' }, { page: p }),
            current: p === pageNum,
            text: p,
          })
        ),
      )}
      {control(pageNum + 1, {
        label: intl.formatMessage({ id: 'kit.nextPage' }),
        disabled: pageNum >= pages,
        text: '›',
      })}
    </Nav>
  );
}

/** Rare (an old or edited link): its part and texts download only when a list is past its end. */
const PastLastPage = lazy(() => import('./PastLastPage.tsx'));

/**
 * What an empty page of a paged list shows: past the last page (e.g. `?page=99`) it says so and
 * offers the way back to the last and the first page; a list that is really empty shows `empty`.
 */
export function EmptyPage({
  pageNum,
  pageSize = DEFAULT_PAGE_SIZE,
  total,
  onChange,
  hrefOf,
  empty,
}: PaginationProps & { empty: ReactNode }) {
  const pages = Math.ceil(total / pageSize);
  if (total <= 0 || pageNum <= pages) return <>{empty}</>;
  return (
    <Suspense fallback={null}>
      <PastLastPage pageNum={pageNum} pages={pages} onChange={onChange} hrefOf={hrefOf} />
    </Suspense>
  );
}
