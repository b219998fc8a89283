import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { bootLocale } from './i18n/LocaleProvider.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The language is known synchronously (index.html, the cookie): the first paint never waits for
// the encrypted storage, which the locale provider keeps in step afterwards.
createRoot(container).render(
  <StrictMode>
    <App locale={bootLocale()} />
  </StrictMode>,
);
