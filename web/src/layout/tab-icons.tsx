import type { ReactNode } from 'react';

/**
 * The tab bar's line icons (the cart's is the header's, CartEntry.tsx), drawn inline: served with
 * the page, nothing from another host. Decorative: the link around each names it.
 */
function Svg({ children }: { children: ReactNode }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const HomeIcon = () => (
  <Svg>
    <path d="M3 11l9-8 9 8M5 9v12h5v-6h4v6h5V9" />
  </Svg>
);

export const CategoriesIcon = () => (
  <Svg>
    <path d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />
  </Svg>
);

export const MeIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);
