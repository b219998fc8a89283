import { type CSSProperties, createContext, type ReactNode, useContext } from 'react';

/**
 * The HTML of a screen rendered once for every visitor (the server's shared screen,
 * app/shared-screen.ts); null everywhere else, the browser included.
 */
export const PrerenderedScreen = createContext<string | null>(null);

/** Marks where the screen ends, so the server can cut it out of a rendered page. */
export const SCREEN_END = '<template data-screen-end=""></template>';

// The wrapper takes no box of its own: the screen lays out in <main> as if it were not there.
const slotStyle: CSSProperties = { display: 'contents' };

/**
 * Where the matched screen goes. A page whose screen is the same for every visitor is rendered
 * once without a session; a signed-in page then renders only its personal shell around that
 * HTML, which is the very markup the browser hydrates the screen against.
 */
export function ScreenSlot({ children }: { children: ReactNode }) {
  const prerendered = useContext(PrerenderedScreen);
  if (prerendered !== null)
    return (
      <div
        data-screen=""
        style={slotStyle}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own HTML of this screen, rendered by this server
        dangerouslySetInnerHTML={{ __html: prerendered + SCREEN_END }}
      />
    );
  return (
    <div data-screen="" style={slotStyle}>
      {children}
      <template data-screen-end="" />
    </div>
  );
}
