import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';

const Track = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  z-index: ${({ theme }) => theme.zIndex.progress};
  pointer-events: none;
`;

const Fill = styled.div<{ $width: number; $fading: boolean }>`
  height: 100%;
  width: ${({ $width }) => $width}%;
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: 0 0 6px ${({ theme }) => theme.colors.primary};
  opacity: ${({ $fading }) => ($fading ? 0 : 1)};
  transition: width 0.3s ease, opacity 0.3s ease 0.1s;
`;

/**
 * The navigation progress indicator (docs/product.md, "Screens and routes"): starts on every navigation (`navKey` changes)
 * and while `loading` (lazy route chunks), completes and fades when done. The page the browser
 * loaded arrives whole (server-rendered, the browser's own indicator showed its load): the bar
 * stays hidden on it unless a route chunk is still loading, rather than run across a finished page.
 */
export function ProgressBar({ navKey, loading }: { navKey: string; loading: boolean }) {
  const intl = useIntl();
  const [width, setWidth] = useState(0);
  const [fading, setFading] = useState(true);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const loadedKey = useRef(navKey);
  const started = useRef(false);

  useEffect(() => {
    if (!started.current && navKey === loadedKey.current && !loading) return;
    started.current = true;
    for (const timer of timers.current) clearTimeout(timer);
    setFading(false);
    setWidth(20);
    if (loading) {
      timers.current = [setTimeout(() => setWidth(70), 100), setTimeout(() => setWidth(85), 1500)];
      return;
    }
    timers.current = [
      setTimeout(() => setWidth(100), 50),
      setTimeout(() => setFading(true), 350),
      setTimeout(() => setWidth(0), 700),
    ];
    return () => {
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, [navKey, loading]);

  const active = !fading;
  return (
    <Track
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'layout.progress' })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={active ? width : undefined}
      aria-hidden={!active}
      data-testid="nav-progress"
      data-active={active}
    >
      <Fill $width={width} $fading={fading} />
    </Track>
  );
}
