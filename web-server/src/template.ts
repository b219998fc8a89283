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
  imports?: string[];
  css?: string[];
}

/** The files of screens' chunks and their imports (Vite's manifest), each once, in import order. */
function routeFiles(manifest: Record<string, ManifestChunk> | null, modules: string[]): string[] {
  if (!manifest) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}

/**
 * modulepreload links for screens' chunks and their imports, leaving out those `html` (the
 * built index.html) names already.
 */
export function routePreloadLinks(
  manifest: Record<string, ManifestChunk> | null,
  modules: string[],
  html: string,
): string {
  return routeFiles(manifest, modules)
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
 * A server-rendered page is painted, readable and usable (links, forms) from its HTML; its scripts
 * only take it over (hydration). So they are asked for once its first paint is done, and its lead
 * picture (the `fetchpriority="high"` image) is on screen: on a phone's connection the HTML, its
 * styles and that picture then have the bandwidth to themselves, and several hundred KB of
 * JavaScript are not evaluated before the page is shown. All of the route's modules are then
 * preloaded at once, so none waits on the one importing it. Bounded: 3 s for a picture that neither
 * loads nor fails, 200 ms for a frame that does not come (a tab in the background paints nothing).
 */
function startAfterPaint(files: string[]): string {
  const [entry, ...rest] = files.map((file) => `/${file}`);
  return (
    '(()=>{let started=false;' +
    'const start=()=>{if(started)return;started=true;' +
    `for(const href of ${scriptJson(rest)}){const link=document.createElement("link");` +
    'link.rel="modulepreload";link.crossOrigin="";link.href=href;document.head.append(link)}' +
    `import(${scriptJson(entry)})};` +
    'const afterFrame=()=>{requestAnimationFrame(()=>setTimeout(start));setTimeout(start,200)};' +
    'const lead=document.querySelector("#root img[fetchpriority=high]");' +
    'if(!lead||lead.complete)afterFrame();' +
    'else{for(const type of["load","error"])lead.addEventListener(type,afterFrame,{once:true});' +
    'setTimeout(start,3000)}})();'
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
    const preloads = input.hydrates ? '' : routePreloadLinks(this.manifest, input.modules, this.before);
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
   * the screens `open` was given), then the rest of index.html.
   */
  close(state: unknown, nonce: string, modules: string[]): string {
    const files = new Set([...this.startFiles, ...routeFiles(this.manifest, modules)]);
    const start = this.startFiles.length > 0 ? startAfterPaint([...files]) : '';
    return `</div><script nonce="${nonce}">window.__SHOP_SSR__=${scriptJson(state)};${start}</script>${this.after}`;
  }
}
