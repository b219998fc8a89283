import styled from 'styled-components';
import { mobileQuery } from '../../../../theme.ts';

/** Where pictures are dropped; highlighted while a drag is over it. */
export const DropZone = styled.div<{ $over: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 16px;
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primaryStrong : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme, $over }) => ($over ? theme.colors.primaryLight : theme.colors.background)};
  p {
    margin: 0;
  }
`;

export const Hint = styled.p`
  margin: 8px 0;
  font-size: ${({ theme }) => theme.fontSizes.sm}px;
  color: ${({ theme }) => theme.colors.muted};
`;

/** The photos in gallery order: a grid of cards, two columns on a phone. */
export const Grid = styled.ol`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 12px;
  ${mobileQuery} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const Card = styled.li<{ $dragging: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  opacity: ${({ $dragging }) => ($dragging ? 0.5 : 1)};
  cursor: grab;
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 1;
    object-fit: contain;
    background: ${({ theme }) => theme.colors.background};
  }
  > div {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
`;

/** The uploads under way or refused, announced as they change. */
export const Uploads = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    padding: 4px 0;
    overflow-wrap: anywhere;
  }
  progress {
    width: 120px;
  }
  [data-failed] {
    color: ${({ theme }) => theme.colors.error};
  }
`;
