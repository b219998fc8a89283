import { useMutation } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  type AdminHomeCard_FieldsFragment,
  AdminHomeCardsDocument,
  ReorderHomeCardsDocument,
} from '../../../__generated__/graphql.ts';
import { useRouteQuery } from '../../../app/route-data.tsx';
import { acceptPayload } from '../../../app/user-errors.ts';
import { usePermission } from '../../../auth/permissions.tsx';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { Picture } from '../../../components/Picture.tsx';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { Actions, Badge, Screen } from '../ui.tsx';
import { HomeCardEditor } from './HomeCardEditor.tsx';
import './home-card-messages.ts'; // this chunk's texts

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

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 12px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  img {
    width: 72px;
    height: 40px;
    flex: none;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
`;

const Texts = styled.div`
  flex: 1 1 220px;
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

type Direction = 'up' | 'down';
const titleIn = (locale: string, card: AdminHomeCard_FieldsFragment) =>
  locale.startsWith('en') ? card.titleEn : card.titleZh;

/**
 * /admin/home-cards (首页卡片): the home page's cards and banners in display order, switched off
 * ones too; move one up or down, or open the editor (with its preview) for one or a new one.
 * Editing needs `home:edit`.
 */
export default function AdminHomeCardsPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const canEdit = usePermission('home:edit');
  const { data } = useRouteQuery(AdminHomeCardsDocument, { fetchPolicy: 'cache-and-network' });
  const [reorder, { loading: moving }] = useMutation(ReorderHomeCardsDocument, {
    refetchQueries: [AdminHomeCardsDocument],
    awaitRefetchQueries: true,
  });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [moved, setMoved] = useState<{ id: string; direction: Direction } | null>(null);
  // The editor closed: the focus goes back to what opened it.
  const [returnFocus, setReturnFocus] = useState<string | null>(null);
  const { cards, kinds } = data.adminHomeCards;
  const editing = cards.find((card) => card.id === editingId);
  const kindName = (code: string) => kinds.find((kind) => kind.code === code)?.name ?? code;

  // A moved row is drawn again in its new place: its button (or the other one, at an end) keeps the focus.
  useEffect(() => {
    if (!moved) return;
    const button = document.getElementById(
      `home-card-${moved.id}-${moved.direction}`,
    ) as HTMLButtonElement | null;
    const other = document.getElementById(
      `home-card-${moved.id}-${moved.direction === 'up' ? 'down' : 'up'}`,
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  }, [moved]);

  useEffect(() => {
    if (returnFocus) document.getElementById(returnFocus)?.focus();
  }, [returnFocus]);

  const closeEditor = () => {
    setReturnFocus(editing ? `home-card-${editing.id}-edit` : 'home-card-new');
    setEditingId(null);
  };

  const move = async (index: number, direction: Direction) => {
    const ids = cards.map((card) => card.id);
    const target = direction === 'up' ? index - 1 : index + 1;
    [ids[index], ids[target]] = [ids[target], ids[index]];
    try {
      acceptPayload((await reorder({ variables: { input: { cardIds: ids } } })).data?.reorderHomeCards);
      setMoved({ id: cards[index].id, direction });
    } catch {
      // the refusal ('卡片列表已变化…') is a toast, and the list is read again
    }
  };

  return (
    <Screen aria-labelledby="admin-home-cards-title">
      <Top>
        <h1 id="admin-home-cards-title">{t('homeCards.title')}</h1>
        {canEdit && (
          <Button id="home-card-new" variant="primary" onClick={() => setEditingId('new')}>
            {t('homeCards.new')}
          </Button>
        )}
      </Top>
      {cards.length === 0 ? (
        <EmptyState title={t('homeCards.empty')} />
      ) : (
        <List aria-label={t('homeCards.list')}>
          {cards.map((card, index) => {
            const title = titleIn(intl.locale, card);
            return (
              <li key={card.id}>
                <Picture image={card.image} alt="" width={72} height={40} sizes="72px" loading="lazy" />
                <Texts>
                  <strong lang="zh-CN">{card.titleZh}</strong>
                  <span lang="en">{card.titleEn}</span>
                  <small>
                    {kindName(card.kind)} · {card.link || '/goods/list'} ·{' '}
                    {t('homeCards.version', { version: card.version })}
                  </small>
                </Texts>
                <Badge $tone={card.enabled ? 'primary' : 'muted'}>
                  {t(card.enabled ? 'homeCards.shown' : 'homeCards.hidden')}
                </Badge>
                {canEdit && (
                  <Actions>
                    <Button
                      size="sm"
                      id={`home-card-${card.id}-up`}
                      aria-label={t('homeCards.upOf', { title })}
                      disabled={index === 0 || moving}
                      onClick={() => void move(index, 'up')}
                    >
                      {t('homeCards.up')}
                    </Button>
                    <Button
                      size="sm"
                      id={`home-card-${card.id}-down`}
                      aria-label={t('homeCards.downOf', { title })}
                      disabled={index === cards.length - 1 || moving}
                      onClick={() => void move(index, 'down')}
                    >
                      {t('homeCards.down')}
                    </Button>
                    <Button
                      size="sm"
                      id={`home-card-${card.id}-edit`}
                      aria-label={t('homeCards.editOf', { title })}
                      aria-expanded={editingId === card.id}
                      onClick={() => setEditingId(card.id)}
                    >
                      {t('homeCards.edit')}
                    </Button>
                  </Actions>
                )}
              </li>
            );
          })}
        </List>
      )}
      {canEdit && editingId !== null && (editingId === 'new' || editing) && (
        <HomeCardEditor
          key={editingId}
          card={editing}
          cards={cards}
          kinds={kinds}
          onSaved={setEditingId}
          onClose={closeEditor}
        />
      )}
    </Screen>
  );
}
