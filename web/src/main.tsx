import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadStoredLocale } from './i18n/LocaleProvider.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The persisted locale is read (decrypted) before the first paint, so the page never flips language.
void loadStoredLocale().then((locale) => {
  createRoot(container).render(
    <StrictMode>
      <App locale={locale} />
    </StrictMode>,
  );
});
