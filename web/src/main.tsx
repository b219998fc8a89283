import { formatDateTime } from '@shop/common/format.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRuntime } from './app/App.tsx';
import { loadServerRenderedRoutes, serverRenderedState } from './app/hydration.ts';
import { bootLocale } from './i18n/LocaleProvider.tsx';
import { loadCatalogues } from './i18n/messages-collect.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Ends the current task so the browser can handle input and paint before the next start-up step:
 * a phone runs each step in tens of milliseconds, and steps run back to back would be one task
 * that holds every tap until all of them are done.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The first formatter of a kind makes the engine load its data (the language's number, date and
 * plural rules, the shop's time zone): paid here, each in a task of its own, instead of all
 * inside the first render that formats a price or a date.
 */
async function loadIntlData(locale: string): Promise<void> {
  const loads = [
    () => Intl.NumberFormat.supportedLocalesOf(locale),
    () => Intl.DateTimeFormat.supportedLocalesOf(locale),
    () => Intl.PluralRules.supportedLocalesOf(locale),
    // a time with a zone: the formatter of the shop's zone, which every shown time goes through
    () => formatDateTime('2000-01-01T00:00:00Z'),
  ];
  for (const load of loads) {
    load();
    await nextTask();
  }
}

const ssr = serverRenderedState();
if (ssr) {
  // A server-rendered page: the screen's chunk and the start-up texts in the language the server
  // chose are loaded, then React takes over the HTML as is. The page is painted and readable
  // meanwhile, so each step below runs in its own task.
  void (async () => {
    await Promise.all([loadServerRenderedRoutes(), loadCatalogues(ssr.locale)]);
    await nextTask();
    // the router and the Apollo client, with the server's answers restored into its cache
    const runtime = createAppRuntime(ssr.apollo);
    await nextTask();
    await loadIntlData(ssr.locale);
    // Hydration runs as a transition: React then works in slices of a few milliseconds and
    // yields to the browser between them, instead of one long task.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <App locale={ssr.locale} runtime={runtime} />
        </StrictMode>,
      );
    });
  })();
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
          <App locale={locale} runtime={createAppRuntime()} />
        </StrictMode>,
      );
    });
}
