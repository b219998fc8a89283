/**
 * A screen that shows every visitor the same thing (a route's `publicScreen`) is rendered once
 * without a session and reused by every signed-in page of that address: the signed-in render only
 * renders the personal shell (header, cart count, menus) around the stored screen HTML
 * (layout/ScreenSlot.tsx). The page the browser gets is the one a full render would give: the
 * screen's markup, its styles and its data beside the shell's, so it hydrates the same way.
 *
 * Server only: the gateway keeps a SharedScreen with the anonymous page in its page cache.
 */
import type { NormalizedCacheObject } from '@apollo/client';
import { SCREEN_END } from '../layout/ScreenSlot.tsx';
import type { PageHead } from './ssr-head.ts';

export interface SharedScreen {
  /** The inside of the layout's screen slot, as the anonymous render wrote it. */
  html: string;
  /** The Apollo cache that render filled (the screen's data and the visitor's shell). */
  state: NormalizedCacheObject;
  /** That page's style tags (styled-components): the screen's styles among them. */
  styles: string;
  head: PageHead;
}

/** How React writes the slot's opening tag (layout/ScreenSlot.tsx). */
const SLOT_OPEN = '<div data-screen="" style="display:contents">';

function onlyIndexOf(text: string, part: string, from = 0): number {
  const at = text.indexOf(part, from);
  return at >= 0 && text.indexOf(part, at + part.length) < 0 ? at : -1;
}

/**
 * The screen's HTML inside a rendered app, or null when it cannot be cut out cleanly (no slot, or
 * an inline script, which would carry this response's nonce).
 */
export function cutScreen(appHtml: string, nonce: string): string | null {
  const open = onlyIndexOf(appHtml, SLOT_OPEN);
  if (open < 0) return null;
  const start = open + SLOT_OPEN.length;
  const end = onlyIndexOf(appHtml, SCREEN_END, start);
  if (end < 0) return null;
  const html = appHtml.slice(start, end);
  return html.includes(nonce) || html.includes('<script') ? null : html;
}

/**
 * The shared render's cache with the personal render's over it: entities both hold get the
 * fields of both (the personal ones win), the root fields likewise (the signed-in `session`
 * replaces the visitor's).
 */
export function mergeStates(
  shared: NormalizedCacheObject,
  personal: NormalizedCacheObject,
): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...shared };
  for (const [id, entity] of Object.entries(personal)) {
    const before = merged[id];
    merged[id] = before && entity ? { ...before, ...entity } : entity;
  }
  const sharedRoots = (shared.__META as { extraRootIds?: string[] } | undefined)?.extraRootIds;
  const personalRoots = (personal.__META as { extraRootIds?: string[] } | undefined)?.extraRootIds;
  if (sharedRoots || personalRoots)
    merged.__META = {
      extraRootIds: [...new Set([...(sharedRoots ?? []), ...(personalRoots ?? [])])],
    } as never;
  return merged;
}

/** One component's rules as styled-components writes them: its group, id, class names and CSS rules. */
interface StyleGroup {
  id: string;
  names: Set<string>;
  rules: string[];
}

const STYLE_TAG = /<style([^>]*)>([\s\S]*?)<\/style>/g;
// Each group's rules are followed by a marker naming its component and class names, which the
// browser's styled-components reads back when it hydrates.
const GROUP_MARKER = /data-styled\.g(\d+)\[id="([^"]+)"\]\{content:"([^"]*)"\}\/\*!sc\*\/\n/g;
const RULE_END = '/*!sc*/\n';

/** Adds a sheet's groups to `groups`; false when a group number names another component there. */
function readSheet(css: string, groups: Map<number, StyleGroup>): boolean {
  let from = 0;
  for (const marker of css.matchAll(GROUP_MARKER)) {
    const group = Number(marker[1]);
    const id = marker[2];
    const rules = css
      .slice(from, marker.index)
      .split(RULE_END)
      .filter(Boolean)
      .map((rule) => rule + RULE_END);
    from = marker.index + marker[0].length;
    const known = groups.get(group);
    if (known && known.id !== id) return false;
    const entry = known ?? { id, names: new Set<string>(), rules: [] };
    for (const name of marker[3].split(',')) if (name) entry.names.add(name);
    for (const rule of rules) if (!entry.rules.includes(rule)) entry.rules.push(rule);
    groups.set(group, entry);
  }
  return true;
}

/**
 * One style tag holding both renders' rules, in styled-components' group order: a component's
 * rules must stay before the rules of components that extend it, which two tags one after the
 * other would not guarantee. Null when the two were numbered differently (another build).
 */
export function mergeStyleTags(first: string, second: string): string | null {
  const groups = new Map<number, StyleGroup>();
  let attributes: string | undefined;
  for (const tags of [first, second]) {
    for (const tag of tags.matchAll(STYLE_TAG)) {
      attributes ??= tag[1];
      if (!readSheet(tag[2], groups)) return null;
    }
  }
  if (attributes === undefined) return '';
  const css = [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(
      ([group, { id, names, rules }]) =>
        `${rules.join('')}data-styled.g${group}[id="${id}"]{content:"${[...names].map((name) => `${name},`).join('')}"}${RULE_END}`,
    )
    .join('');
  return `<style${attributes}>${css}</style>`;
}
