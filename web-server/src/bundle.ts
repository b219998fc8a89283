/** The web app's server entry as the page server loads it (built to web/dist-ssr by `npm run build`). */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import type {
  acceptsFiles,
  acceptsForm,
  render,
  renderCookies,
  routeModules,
  sharesScreen,
} from '@shop/web/entry-server';

export type {
  FormFile,
  InProcessOperation,
  RenderInput,
  RenderOutput,
  SharedScreen,
} from '@shop/web/entry-server';
export type { PageHead } from '@shop/web/ssr-head';

export interface ServerBundle {
  render: typeof render;
  /** The cookies its render reads; for a bundle that does not say, every cookie keys a page. */
  renderCookies?: typeof renderCookies;
  /** The screens' modules of the routes a path matches (the web app's route table). */
  routeModules?: typeof routeModules;
  /** Whether a path's screen is the same for every visitor (signed-in pages reuse a visitor's). */
  sharesScreen?: typeof sharesScreen;
  /** Whether a path's route has a form action (a POST anywhere else is answered 405). */
  acceptsForm?: typeof acceptsForm;
  /** Whether a path's form may carry a file (multipart/form-data). */
  acceptsFiles?: typeof acceptsFiles;
}

/**
 * The built server entry, or null when it is not built (pages are then rendered by the browser).
 * A rebuild (its modification time) is picked up by the next request, with its index.html.
 */
export class ServerBundleLoader {
  private loaded: { at: number; bundle: Promise<ServerBundle | null> } | undefined;

  constructor(
    private readonly file: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The bundle and the build time it was loaded for (0 when there is none). */
  current(): { at: number; bundle: Promise<ServerBundle | null> } {
    let at = 0;
    try {
      at = fs.statSync(this.file).mtimeMs;
    } catch {
      at = 0;
    }
    if (this.loaded?.at !== at) {
      const url = `${pathToFileURL(this.file).href}?v=${at}`;
      this.loaded = {
        at,
        bundle:
          at === 0
            ? Promise.resolve(null)
            : (import(url) as Promise<ServerBundle>).catch((error) => {
                this.onError(error);
                return null;
              }),
      };
    }
    return this.loaded;
  }
}
