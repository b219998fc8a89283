import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ProductGallery_ProductFragment } from '../../__generated__/graphql.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

const Main = styled.div`
  aspect-ratio: 1 / 1;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.md}px;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: contain;
    display: block;
  }
`;

const Thumbs = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;

const Thumb = styled.button<{ $active: boolean }>`
  width: 64px;
  height: 64px;
  padding: 0;
  border: 2px solid ${({ theme, $active }) => ($active ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.sm}px;
  overflow: hidden;
  cursor: pointer;
  background: ${({ theme }) => theme.colors.surface};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The product's images: a large one and thumbnails to switch it. */
export function ProductGallery({ product }: { product: ProductGallery_ProductFragment }) {
  const intl = useIntl();
  const images = product.images.length > 0 ? product.images : [product.image];
  const [current, setCurrent] = useState(0);
  const shown = images[Math.min(current, images.length - 1)];
  return (
    <Wrap>
      <Main>
        <img src={shown} alt={product.name} />
      </Main>
      {images.length > 1 && (
        <Thumbs role="group" aria-label={intl.formatMessage({ id: 'goods.images' })}>
          {images.map((src, index) => (
            <Thumb
              key={src}
              type="button"
              $active={index === current}
              aria-pressed={index === current}
              aria-label={intl.formatMessage({ id: 'goods.imageOf' }, { index: index + 1 })}
              onClick={() => setCurrent(index)}
            >
              <img src={src} alt="" />
            </Thumb>
          ))}
        </Thumbs>
      )}
    </Wrap>
  );
}
