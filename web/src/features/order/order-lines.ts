import { css } from 'styled-components';
import { bareList } from '../../components/grid.ts';

/** A list of order lines, one row each: picture, name, unit price, quantity, amount. */
export const orderLineList = css`
  ${bareList}
  li {
    display: grid;
    grid-template-columns: 56px 1fr auto auto auto;
    align-items: center;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  img {
    width: 56px;
    height: 56px;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm}px;
  }
`;
