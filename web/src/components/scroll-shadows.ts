import { css } from 'styled-components';

/**
 * Shadows at the edges of a row that scrolls sideways, shown only where more content hides (the
 * covers scroll with the content, the shadows stay): a phone shopper sees the row goes on.
 * Give the row the background `surface` names.
 */
export const scrollShadows = (surface: string) => css`
  background:
    linear-gradient(to right, ${surface} 30%, transparent) left center / 32px 100% no-repeat local,
    linear-gradient(to left, ${surface} 30%, transparent) right center / 32px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.22), transparent) left center / 14px 100% no-repeat
      scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.22), transparent) right center / 14px 100%
      no-repeat scroll;
  background-color: ${surface};
`;
