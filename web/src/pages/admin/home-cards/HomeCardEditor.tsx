import { useMutation } from '@apollo/client/react';
import {
  CARD_LINK_MAX,
  CARD_SUBTITLE_EN_MAX,
  CARD_SUBTITLE_MAX,
  CARD_TITLE_EN_MAX,
  CARD_TITLE_MAX,
} from '@shop/common/validation/catalogue-structure.ts';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  type AdminHomeCard_FieldsFragment,
  AdminHomeCardsDocument,
  CreateHomeCardDocument,
  UpdateHomeCardDocument,
} from '../../../__generated__/graphql.ts';
import { acceptPayload, MutationRefused } from '../../../app/user-errors.ts';
import { Button } from '../../../components/Button.tsx';
import { Field, Select, TextInput, useShopForm } from '../../../components/form/index.ts';
import type { MessageId } from '../../../i18n/message-ids.ts';
import { mobileQuery } from '../../../theme.ts';
import { PictureChoice, type PictureValue } from '../categories/PictureChoice.tsx';
import { HomeCardPreview } from './HomeCardPreview.tsx';
import { formValuesOf, homeCardFormSchema } from './home-card-form.ts';
import './home-card-messages.ts'; // this chunk's texts

const Panel = styled.section`
  margin-top: 20px;
  /* brought into view below the header, which may be fixed */
  scroll-margin-top: ${({ theme }) => theme.layout.headerHeight + 12}px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 20px;
  ${mobileQuery} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 0 0 12px;
  input {
    width: 18px;
    height: 18px;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const Stale = styled.p`
  margin: 0 0 12px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.sm}px;
`;

/** Every save reads the cards again: order and versions are the service's. */
const refetch = { refetchQueries: [AdminHomeCardsDocument], awaitRefetchQueries: true };

/**
 * Edits one home card (or a new one): kind, both languages' title and subtitle, link, picture and
 * whether the home page shows it, beside a live preview drawn with the storefront's own cards. A
 * save is made against the version on view; a stale one is refused, the latest version loads and
 * what was typed stays.
 */
export function HomeCardEditor({
  card,
  cards,
  kinds,
  onSaved,
  onClose,
}: {
  card: AdminHomeCard_FieldsFragment | undefined;
  cards: readonly AdminHomeCard_FieldsFragment[];
  kinds: ReadonlyArray<{ code: string; name: string }>;
  onSaved: (id: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [create] = useMutation(CreateHomeCardDocument, refetch);
  const [update] = useMutation(UpdateHomeCardDocument, refetch);
  const [picture, setPicture] = useState<PictureValue>(undefined);
  const [stale, setStale] = useState(false);
  const form = useShopForm({
    schema: homeCardFormSchema,
    labels: {
      kind: 'homeCards.kind',
      titleZh: 'homeCards.titleZh',
      titleEn: 'homeCards.titleEn',
      subtitleZh: 'homeCards.subtitleZh',
      subtitleEn: 'homeCards.subtitleEn',
      link: 'homeCards.link',
    },
    defaultValues: formValuesOf(card, kinds[0]?.code ?? ''),
  });
  const values = form.watch();
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from a button of the list, which may leave it below the fold: the editor is brought
  // into view from its top (a focus alone scrolls only as far as its heading), and the keyboard
  // continues in it.
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    panelRef.current?.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  const submit = form.handleSubmit(async (input) => {
    try {
      if (card) {
        const result = await update({
          variables: {
            input: {
              id: card.id,
              version: card.version,
              ...input,
              ...(picture === undefined ? {} : { picture }),
            },
          },
        });
        acceptPayload(result.data?.updateHomeCard);
        setStale(false);
        setPicture(undefined);
        onSaved(card.id);
      } else {
        const result = await create({ variables: { input: { ...input, picture: picture ?? null } } });
        const created = acceptPayload(result.data?.createHomeCard).card;
        if (created) onSaved(created.id);
      }
    } catch (error) {
      setStale(
        error instanceof MutationRefused &&
          error.userErrors.some((e) => e.code === 'HOME_CARD_VERSION_CONFLICT'),
      );
      form.showRefusal(error); // the toast is already shown; what was typed stays
    }
  });

  const heading = card
    ? t('homeCards.editing', { title: intl.locale.startsWith('en') ? card.titleEn : card.titleZh })
    : t('homeCards.creating');
  return (
    <Panel ref={panelRef} aria-labelledby="home-card-editor-title">
      <h2 id="home-card-editor-title" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {stale && <Stale role="alert">{t('homeCards.stale')}</Stale>}
      <Columns>
        <form method="post" onSubmit={submit} noValidate>
          <Field label={t('homeCards.kind')} error={form.errorText('kind')} required>
            <Select
              {...form.field('kind')}
              options={kinds.map((kind) => ({ value: kind.code, label: kind.name }))}
            />
          </Field>
          <Field label={t('homeCards.titleZh')} error={form.errorText('titleZh')} required>
            <TextInput {...form.field('titleZh')} maxLength={CARD_TITLE_MAX} />
          </Field>
          <Field label={t('homeCards.titleEn')} error={form.errorText('titleEn')} required>
            <TextInput {...form.field('titleEn')} maxLength={CARD_TITLE_EN_MAX} lang="en" />
          </Field>
          <Field label={t('homeCards.subtitleZh')} error={form.errorText('subtitleZh')}>
            <TextInput {...form.field('subtitleZh')} maxLength={CARD_SUBTITLE_MAX} />
          </Field>
          <Field label={t('homeCards.subtitleEn')} error={form.errorText('subtitleEn')}>
            <TextInput {...form.field('subtitleEn')} maxLength={CARD_SUBTITLE_EN_MAX} lang="en" />
          </Field>
          <Field label={t('homeCards.link')} error={form.errorText('link')} hint={t('homeCards.linkHint')}>
            <TextInput {...form.field('link')} maxLength={CARD_LINK_MAX} inputMode="url" autoComplete="off" />
          </Field>
          <Check>
            <input type="checkbox" {...form.field('enabled')} />
            {t('homeCards.enabled')}
          </Check>
          <PictureChoice
            current={card?.image ?? { src: '', width: null, height: null, altText: null }}
            hasPicture={card?.hasPicture ?? false}
            value={picture}
            onChange={setPicture}
            texts={{
              legend: t('homeCards.picture'),
              upload: t('homeCards.pictureUpload'),
              uploading: t('homeCards.pictureUploading'),
              drawing: t('homeCards.pictureDrawing'),
              notImage: t('homeCards.pictureNotImage'),
            }}
          />
          <Footer>
            <Button type="submit" variant="primary" loading={form.submitting}>
              {card ? t('homeCards.save') : t('homeCards.create')}
            </Button>
            <Button onClick={onClose}>{t('homeCards.close')}</Button>
          </Footer>
        </form>
        <HomeCardPreview card={card} cards={cards} values={values} picture={picture} />
      </Columns>
    </Panel>
  );
}
