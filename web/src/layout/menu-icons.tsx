/** Small inline icons of the menu screens' chrome; decorative (their buttons and links carry text). */

export function MenuIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 4h12M2 8h12M2 12h12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export function SettingsIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="M2 4h7M13 4h1M2 12h1M7 12h7M2 8h3M9 8h5"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <circle cx="11" cy="4" r="1.8" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="5" cy="12" r="1.8" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="7" cy="8" r="1.8" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}

/** The shop's mark: a shopping bag in the brand colour. */
export function ShopMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <rect x="4" y="9" width="20" height="16" rx="3" fill="#ff4d50" />
      <path
        d="M9.5 12V8a4.5 4.5 0 0 1 9 0v4"
        fill="none"
        stroke="#c43b3e"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <path d="M10 16.5q4 4 8 0" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
