import { ShellDocument } from '../__generated__/graphql.ts';
import { useQuery } from '../app/query.ts';
import { useLayoutState } from './layout-store.ts';

export interface LayoutSettings {
  /** The shop lets this browser change the layout (the settings panel is offered). */
  showSettings: boolean;
  /** The header stays at the top while the page scrolls. */
  fixedHeader: boolean;
  /** The sidebar starts with the shop's logo and name. */
  sidebarLogo: boolean;
}

/**
 * The layout settings in force: the shop's (GraphQL `settings`), overridden by this browser's
 * choices only while the shop offers the settings panel (a panel taken away takes its choices
 * with it). Before the settings arrive the header stays fixed and the sidebar has no logo.
 */
export function useLayoutSettings(): LayoutSettings {
  const { data } = useQuery(ShellDocument);
  const { prefs } = useLayoutState();
  const shop = data?.settings;
  const showSettings = Boolean(shop?.showSettings);
  const own = showSettings ? prefs : {};
  return {
    showSettings,
    fixedHeader: own.fixedHeader ?? shop?.fixedHeader ?? true,
    sidebarLogo: own.sidebarLogo ?? shop?.sidebarLogo ?? false,
  };
}
