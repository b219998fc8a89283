import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ProductGallery_ProductFragmentDoc } from '../../__generated__/graphql.ts';
import { useFragment } from '../../app/fragment.ts';
import { focusRing } from '../../components/focus-ring.ts';
import { Picture } from '../../components/Picture.tsx';
import { theme } from '../../theme.ts';
import type { ProductRef } from './product-ref.ts';
import '../../pages/goods/goods-messages.ts';

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

/** How wide the main picture shows: the gallery column (440 px), the whole width on a phone. */
export const GALLERY_MAIN_SIZES = `(max-width: ${theme.breakpoints.mobile}px) 100vw, 440px`;

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
    ${focusRing}
  }
`;

/** The product's pictures: a large one and thumbnails to switch it. */
export function ProductGallery({ product: ref }: { product: ProductRef }) {
  const intl = useIntl();
  const [current, setCurrent] = useState(0);
  const { data: product, complete } = useFragment({
    fragment: ProductGallery_ProductFragmentDoc,
    fragmentName: 'ProductGallery_product',
    from: ref,
  });
  if (!complete) return null;
  const images = product.gallery.length > 0 ? product.gallery : [product.featuredImage];
  const shown = images[Math.min(current, images.length - 1)];
  return (
    <Wrap>
      <Main>
        {/* the page's largest paint: fetched before anything else */}
        <Picture
          image={shown}
          alt={shown.altText || product.name}
          fetchPriority="high"
          sizes={GALLERY_MAIN_SIZES}
        />
      </Main>
      {images.length > 1 && (
        <Thumbs role="group" aria-label={intl.formatMessage({ id: 'goods.images' })}>
          {images.map((image, index) => (
            <Thumb
              key={image.src}
              type="button"
              $active={index === current}
              aria-pressed={index === current}
              aria-label={intl.formatMessage({ id: 'goods.imageOf' }, { index: index + 1 })}
              onClick={() => setCurrent(index)}
            >
              <Picture image={image} alt="" sizes="64px" loading="lazy" />
            </Thumb>
          ))}
        </Thumbs>
      )}
    </Wrap>
  );
}
