import { type ReactNode, useMemo } from 'react';
import { IntlProvider, useIntl } from 'react-intl';

/** A screen's own texts per locale (kept out of the `messages.ts` catalogues loaded at start). */
export type ScreenCatalogue = Record<'zh-CN' | 'en-GB', Record<string, string>>;

/**
 * Adds a lazily loaded screen's texts to the app's catalogue for the screen below it. Every
 * `messages.ts` is part of the start-up bundle; texts only the personal centre and the order
 * detail need travel with their own chunks instead, so /home stays within its JS budget.
 */
export function ScreenMessages({ catalogue, children }: { catalogue: ScreenCatalogue; children: ReactNode }) {
  const intl = useIntl();
  const messages = useMemo(
    // The app's catalogues are plain strings (messages.ts files), like this one.
    () => ({
      ...(intl.messages as Record<string, string>),
      ...(catalogue[intl.locale as keyof ScreenCatalogue] ?? {}),
    }),
    [intl.messages, intl.locale, catalogue],
  );
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages}>
      {children}
    </IntlProvider>
  );
}
