import type { MenuNode } from './menu-tree.ts';

/** How a listed menu item shows in a sidebar: a link, or a titled group of entries. */
export type MenuEntry<T extends MenuNode = MenuNode> =
  | { kind: 'link'; item: T }
  | { kind: 'group'; item: T; children: Array<MenuEntry<T>> };

/**
 * The sidebar entries of `items` (hidden ones left out). An item without listed children is a
 * link; one with a single listed child shows that child in its place (a parent holding one
 * screen is noise) unless its `isAlwaysShow` asks for the parent with the child nested; one with
 * several is a group.
 */
export function menuEntries<T extends MenuNode>(items: readonly T[]): Array<MenuEntry<T>> {
  return items
    .filter((item) => !item.isHidden)
    .map((item): MenuEntry<T> => {
      const listed = ((item.children ?? []) as T[]).filter((child) => !child.isHidden);
      if (listed.length === 0) return { kind: 'link', item };
      if (listed.length === 1 && !item.isAlwaysShow) return menuEntries(listed)[0];
      return { kind: 'group', item, children: menuEntries(listed) };
    });
}
