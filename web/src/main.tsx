import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadServerRenderedRoutes, serverRenderedState } from './app/hydration.ts';
import { loadStoredLocale } from './i18n/LocaleProvider.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const ssr = serverRenderedState();
if (ssr) {
  // A server-rendered page: the screen's chunk is loaded, then React takes over the HTML as is,
  // in the language the server chose (no wait on IndexedDB or Web Crypto before the first paint).
  void loadServerRenderedRoutes().then(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App locale={ssr.locale} apolloState={ssr.apollo} />
      </StrictMode>,
    );
  });
} else {
  // The persisted locale is read (decrypted) before the first paint, so the page never flips language.
  void loadStoredLocale().then((locale) => {
    createRoot(container).render(
      <StrictMode>
        <App locale={locale} />
      </StrictMode>,
    );
  });
}
