/**
 * The page around the server-rendered app: the built index.html (its hashed entry script and
 * stylesheet links) with the language, head tags, styles and hydration state of one render.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PageHead } from './bundle.ts';

const ROOT = '<div id="root"></div>';

/** A chunk of Vite's build manifest (web/dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  /** The chunk's name before hashing (`texts-zh-CN`, `vendor`, …). */
  name?: string;
  imports?: string[];
  css?: string[];
}

/**
 * The key of a locale's start-up texts: the chunk web/catalogue-split.ts names `texts-<locale>`,
 * which the entry imports dynamically before the first render.
 */
function textsKey(manifest: Record<string, ManifestChunk>, locale: string): string[] {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].name === `texts-${locale}`);
  return key ? [key] : [];
}

/**
 * The files of the modules a page's first render needs beyond the entry, each once: the locale's
 * start-up texts, then `modules` (keys of Vite's manifest, most needed first) each with its imports.
 * Named with the page, each is asked for in the same wave as the entry rather than a round trip
 * after the module that imports it.
 */
function firstRenderFiles(
  manifest: Record<string, ManifestChunk> | null,
  modules: string[],
  locale: string,
): string[] {
  if (!manifest) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of [...textsKey(manifest, locale), ...modules]) visit(module);
  return [...files];
}

/**
 * modulepreload links for the modules a first render in `locale` needs (the screens' chunks, their
 * imports, the locale's texts), leaving out those `html` (the built index.html) names already.
 */
export function routePreloadLinks(
  manifest: Record<string, ManifestChunk> | null,
  modules: string[],
  html: string,
  locale: string,
): string {
  return firstRenderFiles(manifest, modules, locale)
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');
}

/** `<`, `>`, `&` and the line separators escaped: JSON safe inside a <script> element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The lead picture's preload: with `imagesrcset`/`imagesizes` the browser preloads the variant
 * its <picture> will pick, and `type` keeps a browser without that format from fetching it twice.
 */
function preloadImageTag(image: NonNullable<PageHead['leadImage']>): string {
  const attributes = [
    ['href', image.href],
    ['imagesrcset', image.srcSet],
    ['imagesizes', image.sizes],
    ['type', image.type],
  ]
    .filter((pair): pair is [string, string] => Boolean(pair[1]))
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<link rel="preload" as="image"${attributes} fetchpriority="high">`;
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="\/([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;

/**
 * On Chromium's Slow 3G a start 1.6 s earlier hydrated only 0.3–0.6 s sooner (the scripts' bytes
 * bound it, docs/performance.md), while a photo as lead picture would share its bandwidth with them.
 */
const LEAD_HEAD_START_MS = 3000;

/**
 * A server-rendered page is painted, readable and usable (links, forms) from its HTML; its scripts
 * only take it over (hydration). So they are asked for once its first paint is done and its lead
 * picture (the `fetchpriority="high"` image) has loaded, or has had 3 s to itself:
 * on a phone's connection the HTML, its styles and that picture have the bandwidth to themselves,
 * and several hundred KB of JavaScript are not evaluated before the page is shown. Every module the
 * first render needs is then asked for at once, in this order (the entry and its imports first: over
 * HTTP/1.1 a browser opens six connections to a host, and a request beyond them waits for one
 * to free), so none waits on the module importing it. Bounded: 200 ms for a frame that does not
 * come (a tab in the background paints nothing).
 */
function startAfterPaint(files: string[]): string {
  const hrefs = files.map((file) => `/${file}`);
  return (
    '(()=>{let started=false;' +
    'const start=()=>{if(started)return;started=true;' +
    `for(const href of ${scriptJson(hrefs)}){const link=document.createElement("link");` +
    'link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.append(link)}' +
    `import(${scriptJson(hrefs[0])})};` +
    'const afterFrame=()=>{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,200)};' +
    'const lead=document.querySelector("#root img[fetchpriority=high]");' +
    'if(!lead||lead.complete)afterFrame();' +
    'else{for(const type of["load","error"])lead.addEventListener(type,afterFrame,{once:true});' +
    `setTimeout(start,${LEAD_HEAD_START_MS})}})();`
  );
}

export class PageTemplate {
  private readonly before: string;
  /** `before` without scripts: a hydrated page asks for them after its first paint. */
  private readonly beforeHydrated: string;
  private readonly after: string;
  /** The entry, then the modules index.html preloads beside it. */
  private readonly startFiles: string[];
  private readonly manifest: Record<string, ManifestChunk> | null;

  private constructor(html: string, manifest: Record<string, ManifestChunk> | null) {
    const at = html.indexOf(ROOT);
    if (at < 0) throw new Error(`index.html has no ${ROOT}`);
    // The page works without JavaScript now: the "needs JavaScript" notice goes.
    const cleaned = html.slice(0, at).replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
    this.before = cleaned
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta name="description"[^>]*>\s*/, '');
    // A stand-in index.html (tests) may have no entry: its pages then have nothing to start.
    const entry = ENTRY_SCRIPT.exec(this.before)?.[1];
    this.startFiles = entry
      ? [entry, ...[...this.before.matchAll(MODULE_PRELOAD)].map((match) => match[1])]
      : [];
    this.beforeHydrated = this.before.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
    this.after = html.slice(at + ROOT.length);
    this.manifest = manifest;
  }

  /** Null until the web app is built. */
  static load(webDist: string): PageTemplate | null {
    try {
      const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
      let manifest: Record<string, ManifestChunk> | null = null;
      try {
        manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8'));
      } catch {
        manifest = null;
      }
      return new PageTemplate(html, manifest);
    } catch {
      return null;
    }
  }

  /**
   * Everything up to and including `<div id="root">`; `modules` are the screens to preload;
   * `hydrates`: the page closes with its state (`close`), so the browser only takes it over.
   */
  open(input: {
    locale: string;
    head: PageHead;
    styles: string;
    modules: string[];
    hydrates: boolean;
  }): string {
    const { head } = input;
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="description" content="${escapeHtml(head.description)}">`,
      `<link rel="canonical" href="${escapeHtml(head.canonical)}">`,
      ...head.alternates.map(
        (link) =>
          `<link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}">`,
      ),
      ...head.meta.map(
        (tag) => `<meta ${tag.key}="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`,
      ),
      head.leadImage ? preloadImageTag(head.leadImage) : '',
      head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
    ]
      .filter(Boolean)
      .map((tag) => `    ${tag}\n`)
      .join('');
    const before = input.hydrates ? this.beforeHydrated : this.before;
    const preloads = input.hydrates
      ? ''
      : routePreloadLinks(this.manifest, input.modules, this.before, input.locale);
    return `${before
      .replace(/<html lang="[^"]*"/, `<html lang="${input.locale}"`)
      .replace('</head>', `${tags}${preloads}${input.styles}\n  </head>`)}<div id="root">`;
  }

  /** Closes #root and the page without a state to hydrate from: the browser renders the app anew. */
  closeWithoutState(): string {
    return `</div>${this.after}`;
  }

  /**
   * Closes #root, then the hydration state and the script that starts the app on it (`modules`:
   * the screens `open` was given; `locale`: the page's, whose texts the first render needs), then
   * the rest of index.html.
   */
  close(state: unknown, nonce: string, modules: string[], locale: string): string {
    const files = new Set([...this.startFiles, ...firstRenderFiles(this.manifest, modules, locale)]);
    const start = this.startFiles.length > 0 ? startAfterPaint([...files]) : '';
    return `</div><script nonce="${nonce}">window.__SHOP_SSR__=${scriptJson(state)};${start}</script>${this.after}`;
  }
}
