import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigation } from 'react-router-dom';
import { ShellDocument } from '../__generated__/graphql.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { useQuery } from './query.ts';
import { useRouteMeta } from './route-meta.ts';

/** '<route title> - <site title>'; the site title alone without a route title (home). */
export function documentTitle(routeTitle: string | undefined, siteTitle: string): string {
  return routeTitle ? `${routeTitle} - ${siteTitle}` : siteTitle;
}

/** The shop's site title: the configured one, else the app's own name. */
function useSiteTitle(): string {
  const intl = useIntl();
  const { data } = useQuery(ShellDocument);
  return data?.config.siteTitle || intl.formatMessage({ id: 'app.siteTitle' });
}

/**
 * The title a screen gave the page at an address. Hydration can commit the screen before the
 * layout around it (a lazy boundary may hydrate first), and the layout sets the route's title when
 * it commits: it keeps the screen's instead.
 */
let screenTitle: { address: string; title: string } | undefined;

/**
 * A screen that knows its own title once its data is in (a product's name, a category's, a menu
 * item's): '<title> - <site title>', as the server render's head says it, whichever of the screen
 * and NavigationEffects commits last.
 */
export function useDocumentTitle(title: string | undefined): void {
  const siteTitle = useSiteTitle();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!title) return;
    screenTitle = { address: pathname + search, title };
    document.title = documentTitle(title, siteTitle);
  }, [title, siteTitle, pathname, search]);
}

/**
 * On every navigation (docs/product.md, "Screens and routes"): the progress indicator starts, the page scrolls to the top and the document title is set.
 */
export function NavigationEffects() {
  const intl = useIntl();
  const location = useLocation();
  const navigation = useNavigation();
  const meta = useRouteMeta();
  const siteTitle = useSiteTitle();
  const firstPage = useRef(true);

  // The page the browser loaded is left where the browser put it (the top, or the place a reload
  // restores); scrolling it then would also make the browser lay the page out inside the effects
  // that follow hydration, in one long task.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (path or query change)
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (meta.ownTitle) return;
    const address = location.pathname + location.search;
    const own = screenTitle?.address === address ? screenTitle.title : undefined;
    document.title = documentTitle(
      own ?? (meta.title ? intl.formatMessage({ id: meta.title }) : undefined),
      siteTitle,
    );
  }, [meta.title, meta.ownTitle, siteTitle, intl, location.pathname, location.search]);

  return <ProgressBar navKey={location.key} loading={navigation.state !== 'idle'} />;
}
