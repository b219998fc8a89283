import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadServerRenderedRoutes, serverRenderedState } from './app/hydration.ts';
import { bootLocale } from './i18n/LocaleProvider.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const ssr = serverRenderedState();
if (ssr) {
  // A server-rendered page: the screen's chunk is loaded, then React takes over the HTML as is,
  // in the language the server chose.
  void loadServerRenderedRoutes().then(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App locale={ssr.locale} apolloState={ssr.apollo} />
      </StrictMode>,
    );
  });
} else {
  // The language is known synchronously (index.html, the cookie): the first paint never waits for
  // the encrypted storage, which the locale provider keeps in step afterwards.
  createRoot(container).render(
    <StrictMode>
      <App locale={bootLocale()} />
    </StrictMode>,
  );
}
