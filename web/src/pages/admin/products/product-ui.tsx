import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ProductShelf } from '../../../__generated__/graphql.ts';
import { focusRing } from '../../../components/focus-ring.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { Badge } from '../ui.tsx';

/** The product's name in the language of the screen. */
export function localName(product: { nameZh: string; nameEn: string }, locale: string): string {
  return locale.startsWith('en') ? product.nameEn || product.nameZh : product.nameZh || product.nameEn;
}

/** The label of a shelf state; an unknown future state is shown as the API names it. */
export function shelfMessage(shelf: ProductShelf): MessageId | null {
  if (shelf === 'ON') return 'products.shelf.on';
  if (shelf === 'OFF') return 'products.shelf.off';
  if (shelf === 'WITHDRAWN') return 'products.shelf.withdrawn';
  return null;
}

export function ShelfBadge({ shelf }: { shelf: ProductShelf }) {
  const intl = useIntl();
  const id = shelfMessage(shelf);
  const tone = shelf === 'ON' ? 'primary' : shelf === 'OFF' ? 'warning' : 'muted';
  return <Badge $tone={tone}>{id ? intl.formatMessage({ id }) : shelf}</Badge>;
}

/** The title and the screen's main action on one line, wrapping on a phone. */
export const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 8px;
  margin-bottom: 12px;
  h1 {
    margin: 0;
  }
  > a {
    color: ${({ theme }) => theme.colors.primaryStrong};
  }
`;

/** A link that looks like the primary button (a navigation, not an action). */
export const NewProductLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  height: 36px;
  padding: 0 16px;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: ${({ theme }) => theme.colors.primaryStrong};
  text-decoration: none;
  /* over Top's link colour */
  && {
    color: #fff;
  }
  &:focus-visible {
    ${focusRing}
  }
`;

/** The table's own horizontal scroll on a narrow screen (focusable, so a keyboard can scroll it). */
export const TableScroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
  margin-bottom: 12px;
  &:focus-visible {
    ${focusRing}
  }
`;

export const Table = styled.table`
  width: 100%;
  min-width: 640px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
  th,
  td {
    padding: 8px;
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: normal;
    white-space: nowrap;
    background: ${({ theme }) => theme.colors.background};
  }
  tbody th {
    font-weight: normal;
    overflow-wrap: anywhere;
    a {
      color: ${({ theme }) => theme.colors.primaryStrong};
    }
  }
  td {
    white-space: nowrap;
  }
`;
