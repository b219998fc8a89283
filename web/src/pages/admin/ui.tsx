import type { ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState } from '../../components/EmptyState.tsx';
import { EmptyPage, Pagination, pagingOf } from '../../components/Pagination.tsx';
import { mobileQuery } from '../../theme.ts';

/** The back office's content card (one per screen). */
export const Screen = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  padding: 16px 20px;
  min-width: 0;
  ${mobileQuery} {
    padding: 12px;
  }
  h1 {
    margin: 0 0 12px;
    font-size: ${({ theme }) => theme.fontSizes.xl}px;
  }
  h2 {
    margin: 20px 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.lg}px;
  }
`;

/** Filters above a list: wrap on a phone, never overflow. */
export const Filters = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 8px 12px;
  margin-bottom: 12px;
  > * {
    min-width: 0;
    max-width: 100%;
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
    color: ${({ theme }) => theme.colors.muted};
  }
  select,
  input {
    height: 36px;
    max-width: 100%;
    padding: 0 8px;
    font: inherit;
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm}px;
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/** One order or refund of a list. */
export const Row = styled.article`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  margin-bottom: 12px;
  overflow: hidden;
  > header,
  > footer {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: 8px;
    padding: 8px 12px;
    background: ${({ theme }) => theme.colors.background};
    font-size: ${({ theme }) => theme.fontSizes.sm}px;
  }
  > header a {
    color: ${({ theme }) => theme.colors.primaryStrong};
    overflow-wrap: anywhere;
  }
`;

/** Label/value pairs: two columns on a desktop, stacked on a phone. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 6px 16px;
  margin: 0;
  padding: 8px 12px;
  div {
    display: flex;
    gap: 8px;
    min-width: 0;
  }
  dt {
    flex-shrink: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  a {
    display: inline-flex;
    align-items: center;
    height: 32px;
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

export const Badge = styled.strong<{ $tone?: 'warning' | 'primary' | 'muted' }>`
  color: ${({ theme, $tone = 'primary' }) => theme.colors[$tone === 'primary' ? 'primaryStrong' : $tone]};
`;

/**
 * One page of a back-office list: its total (announced), its rows and the pager; the empty
 * message (with the way back from past the last page) when the page has no rows.
 */
export function AdminListPage<T extends { id: string }>({
  list,
  totalText,
  emptyText,
  onPage,
  row,
}: {
  list: { records: readonly T[]; total: number; pageNum: number; pageSize: number };
  totalText: string;
  emptyText: string;
  onPage: (page: number) => void;
  row: (record: T) => ReactNode;
}) {
  if (list.records.length === 0) {
    return <EmptyPage {...pagingOf(list)} onChange={onPage} empty={<EmptyState title={emptyText} />} />;
  }
  return (
    <>
      <p aria-live="polite">{totalText}</p>
      {list.records.map(row)}
      <Pagination pageNum={list.pageNum} pageSize={list.pageSize} total={list.total} onChange={onPage} />
    </>
  );
}
