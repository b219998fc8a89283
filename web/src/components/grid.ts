import { css } from 'styled-components';
import { mobileQuery } from '../theme.ts';

/** A list without bullets or indentation. */
export const bareList = css`
  list-style: none;
  margin: 0;
  padding: 0;
`;

/**
 * Columns of cards at least `min` px wide, as many as fit, `gap` apart; two columns on a phone,
 * `phoneGap` apart.
 */
export const cardColumns = (
  min: number,
  gap: number,
  phoneGap: number,
  repeat: 'auto-fill' | 'auto-fit' = 'auto-fill',
) => css`
  display: grid;
  grid-template-columns: repeat(${repeat}, minmax(${min}px, 1fr));
  gap: ${gap}px;
  ${mobileQuery} {
    /* minmax(0, …): a card's one-line text (a search's other-language match) is cut short with
       its ellipsis instead of widening the column past the phone's width */
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${phoneGap}px;
  }
`;

/** A product detail: the gallery column beside the buy box, one above the other on a phone. */
export const detailColumns = css`
  display: grid;
  grid-template-columns: minmax(0, 440px) 1fr;
  gap: 32px;
  ${mobileQuery} {
    grid-template-columns: 1fr;
    gap: 16px;
  }
`;

/** A list of facts laid out as a grid: terms in the secondary colour, values without indent. */
export const factGrid = css`
  display: grid;
  dt {
    color: ${({ theme }) => theme.colors.textSecondary};
  }
  dd {
    margin: 0;
  }
`;
