import 'styled-components';
import { FONT_STACK } from '@shop/common/fonts.ts';

/**
 * The storefront theme (docs/product.md "Constants": theme colour #ff4d50, sidebar 210 px, header 56 px).
 *
 * Colour contrast (WCAG 2.2 AA): `primary` (#ff4d50) is 3.3:1 on white, enough for decoration,
 * borders, icons and large text (1.4.11 and 1.4.3 ask 3:1) but not for normal-size text (4.5:1).
 * Small text in the brand red — prices, active tabs, links — uses `primaryStrong`, the same red
 * darkened until it passes 4.5:1 on every background it sits on (white, `primaryLight`,
 * `background`); so does any fill behind small white text (buttons, badges, the current page),
 * since white on #ff4d50 is 3.3:1. The greys and status colours used for text pass 4.5:1 too.
 */
export const theme = {
  colors: {
    primary: '#ff4d50',
    /** #ff4d50 × 0.77: 5.2:1 on white, 4.7:1 on primaryLight, 4.8:1 on background; white on it 5.2:1. */
    primaryStrong: '#c43b3e',
    /** Hover of primaryStrong fills (white on it 6.6:1). */
    primaryDark: '#a83235',
    primaryLight: '#fff0f0',
    text: '#1f2329',
    textSecondary: '#5c6370',
    muted: '#686d76',
    border: '#e4e6eb',
    background: '#f5f6f8',
    surface: '#ffffff',
    success: '#18794a',
    warning: '#9a5c00',
    error: '#c62a22',
    info: '#2f6fd6',
    focus: '#1a5fd6',
    overlay: 'rgba(0, 0, 0, 0.45)',
  },
  layout: {
    headerHeight: 56,
    sidebarWidth: 210,
    tabBarHeight: 56,
    /**
     * On a phone the floating side buttons (customer service, TOP) sit in a strip this wide at the
     * right edge that the page keeps free, so they never cover a product's name or price.
     */
    sideButtonsGutter: 44,
    maxWidth: 1200,
  },
  radii: { sm: 4, md: 8, lg: 12, pill: 999 },
  space: { xs: 4, sm: 8, md: 12, lg: 16, xl: 24, xxl: 32 },
  fonts: {
    body: FONT_STACK,
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  },
  fontSizes: { xs: 12, sm: 13, md: 14, lg: 16, xl: 20, xxl: 24 },
  shadows: {
    card: '0 1px 3px rgba(0, 0, 0, 0.08)',
    popup: '0 8px 24px rgba(0, 0, 0, 0.16)',
  },
  breakpoints: { mobile: 768 },
  zIndex: {
    header: 100,
    sideButtons: 200,
    tabBar: 150,
    overlay: 900,
    dialog: 1000,
    toast: 1100,
    progress: 1200,
  },
} as const;

export type AppTheme = typeof theme;

/** Media query for small screens (tab bar shown, header compacted). */
export const mobileQuery = `@media (max-width: ${theme.breakpoints.mobile}px)`;

declare module 'styled-components' {
  export interface DefaultTheme extends AppTheme {}
}
