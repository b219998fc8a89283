import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadServerRenderedRoutes, serverRenderedState } from './app/hydration.ts';
import { bootLocale } from './i18n/LocaleProvider.tsx';
import { loadCatalogues } from './i18n/messages-collect.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const ssr = serverRenderedState();
if (ssr) {
  // A server-rendered page: the screen's chunk and the start-up texts in the language the server
  // chose are loaded, then React takes over the HTML as is.
  // Hydration runs as a transition: React then works in slices of a few milliseconds and yields
  // to the browser between them, instead of one long task that holds every tap and scroll until the
  // whole page is taken over (the page is already painted and readable meanwhile).
  void Promise.all([loadServerRenderedRoutes(), loadCatalogues(ssr.locale)]).then(() => {
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App locale={ssr.locale} apolloState={ssr.apollo} />
        </StrictMode>,
      );
    });
  });
} else {
  // The language is known synchronously (index.html, the cookie): the first paint waits for its
  // start-up texts only, never for the encrypted storage, which the locale provider keeps in step
  // afterwards.
  const locale = bootLocale();
  // should the texts fail to download, a page showing message ids beats a blank one
  void loadCatalogues(locale)
    .catch(() => undefined)
    .then(() => {
      createRoot(container).render(
        <StrictMode>
          <App locale={locale} />
        </StrictMode>,
      );
    });
}
