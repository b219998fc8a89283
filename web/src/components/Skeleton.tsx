import { useIntl } from 'react-intl';
import styled, { keyframes } from 'styled-components';
import { cardColumns, detailColumns } from './grid.ts';

/**
 * Placeholders a route shows while its data loads: the shape of the screen to come, so nothing
 * jumps when the content arrives. Announced once as 'Loading…' (the shapes are decorative).
 */
export type SkeletonKind = 'grid' | 'detail' | 'list' | 'panel';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: 0 0; }
`;

const Block = styled.div<{ $h: number; $w?: string }>`
  height: ${({ $h }) => $h}px;
  width: ${({ $w }) => $w ?? '100%'};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: linear-gradient(90deg, #eceef1 25%, #f6f7f9 50%, #eceef1 75%);
  background-size: 400% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Wrap = styled.div`
  display: grid;
  gap: 16px;
  padding: 16px 0;
`;

const Grid = styled.div`
  ${cardColumns(200, 16, 8)}
`;

const Detail = styled.div`
  ${detailColumns}
`;

const Hidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
`;

function Shapes({ kind }: { kind: SkeletonKind }) {
  switch (kind) {
    case 'grid':
      return (
        <>
          <Block $h={28} $w="30%" />
          <Grid>
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
              <Block key={i} $h={260} />
            ))}
          </Grid>
        </>
      );
    case 'detail':
      return (
        <Detail>
          <Block $h={400} />
          <Wrap>
            <Block $h={32} $w="70%" />
            <Block $h={24} $w="40%" />
            <Block $h={96} />
            <Block $h={44} $w="50%" />
          </Wrap>
        </Detail>
      );
    case 'list':
      return (
        <>
          <Block $h={28} $w="30%" />
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders, never reordered
            <Block key={i} $h={96} />
          ))}
        </>
      );
    case 'panel':
      return (
        <>
          <Block $h={28} $w="30%" />
          <Block $h={220} />
        </>
      );
  }
}

export function Skeleton({ kind }: { kind: SkeletonKind }) {
  const intl = useIntl();
  return (
    <Wrap role="status" aria-busy="true" data-skeleton={kind}>
      <Hidden>{intl.formatMessage({ id: 'kit.loading' })}</Hidden>
      <Shapes kind={kind} />
    </Wrap>
  );
}
