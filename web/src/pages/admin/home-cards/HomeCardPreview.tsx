import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { AdminHomeCard_FieldsFragment } from '../../../__generated__/graphql.ts';
import { HomeCardsView } from '../../../features/home/HomeCards.tsx';
import type { PictureValue } from '../categories/PictureChoice.tsx';
import { editedView, type HomeCardForm, type PreviewLocale, previewCards } from './home-card-form.ts';
import './home-card-messages.ts'; // this chunk's texts

const Box = styled.section`
  min-width: 0;
  h3 {
    margin: 0 0 8px;
    font-size: ${({ theme }) => theme.fontSizes.md}px;
  }
  fieldset {
    display: flex;
    gap: 12px;
    border: 0;
    margin: 0 0 8px;
    padding: 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

const Stage = styled.div`
  padding: 12px;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.background};
`;

/**
 * The home page's cards as they will look once the card is saved, drawn by the storefront's own
 * component in either language. It is a picture of the page: its links are inert, so the
 * keyboard skips them and a click cannot leave the editor.
 */
export function HomeCardPreview({
  card,
  cards,
  values,
  picture,
}: {
  card: AdminHomeCard_FieldsFragment | undefined;
  cards: readonly AdminHomeCard_FieldsFragment[];
  values: HomeCardForm;
  picture: PictureValue;
}) {
  const intl = useIntl();
  const name = useId();
  const [locale, setLocale] = useState<PreviewLocale>(intl.locale.startsWith('en') ? 'en-GB' : 'zh-CN');
  const edited = { ...editedView(card, values, picture, locale), enabled: values.enabled };
  const shown = previewCards(cards, card?.id ?? 'new', edited, locale);
  return (
    <Box aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`}>{intl.formatMessage({ id: 'homeCards.preview' })}</h3>
      <fieldset>
        <legend>{intl.formatMessage({ id: 'homeCards.previewIn' })}</legend>
        {(['zh-CN', 'en-GB'] as const).map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={locale === option}
              onChange={() => setLocale(option)}
            />
            {intl.formatMessage({ id: option === 'en-GB' ? 'homeCards.previewEn' : 'homeCards.previewZh' })}
          </label>
        ))}
      </fieldset>
      {!values.enabled && <p>{intl.formatMessage({ id: 'homeCards.previewHidden' })}</p>}
      <Stage inert data-testid="home-card-preview" lang={locale === 'en-GB' ? 'en' : 'zh-CN'}>
        <HomeCardsView cards={shown} />
      </Stage>
    </Box>
  );
}
