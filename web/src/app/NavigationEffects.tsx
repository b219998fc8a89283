import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigation } from 'react-router-dom';
import { ShellDocument } from '../__generated__/graphql.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { useRouteMeta } from './route-meta.ts';

/** '<route title> - <site title>'; the site title alone without a route title (home). */
export function documentTitle(routeTitle: string | undefined, siteTitle: string): string {
  return routeTitle ? `${routeTitle} - ${siteTitle}` : siteTitle;
}

/**
 * On every navigation (docs/product.md, "Screens and routes"): the progress indicator starts, the page scrolls to the top and the document title is set.
 */
export function NavigationEffects() {
  const intl = useIntl();
  const location = useLocation();
  const navigation = useNavigation();
  const meta = useRouteMeta();
  const { data } = useQuery(ShellDocument);
  const siteTitle = data?.config.siteTitle || intl.formatMessage({ id: 'app.siteTitle' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (path or query change)
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (meta.ownTitle) return;
    document.title = documentTitle(
      meta.title ? intl.formatMessage({ id: meta.title }) : undefined,
      siteTitle,
    );
  }, [meta.title, meta.ownTitle, siteTitle, intl]);

  return <ProgressBar navKey={location.key} loading={navigation.state !== 'idle'} />;
}
