import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../scripts/precompress.ts';
import { catalogueChunkGroups, catalogueSplit } from './catalogue-split.ts';
import { styledComponentIds } from './styled-component-ids.ts';

const webDir = path.dirname(fileURLToPath(import.meta.url));
/** The gateway `npm run dev` / `npm start` runs (never changed by the web app). */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:4000';

/**
 * What every first page runs before the app starts, in two files: the libraries the entry imports
 * statically (`vendor`: cached across deploys that change only the app's code) and the app's own
 * start-up modules, merged into the entry chunk. Rolldown tags `$initial` the modules the entry
 * reaches through static imports, so library code only lazy screens use (forms, dialogs, the HTTP
 * transport of web/src/app/transport.ts) stays out of both and loads with those screens. Without the
 * second group, every module the shell shares with a lazy screen (a button, a focus ring, the
 * runtime helpers) becomes a chunk of its own: a dozen more requests before the app runs, and a few
 * KB of gzip lost to the split.
 */
const startUpGroups = [
  { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial' as const], priority: 2 },
  { name: 'shell', tags: ['$initial' as const], priority: 1 },
];

/**
 * The generated typed documents live in one module; a bundler never splits a module, so every
 * screen's queries would land in the entry chunk. For the build, each document becomes its own
 * tiny virtual module and the generated file a barrel of re-exports (types are erased anyway),
 * so each document ships in the chunk of the screen that uses it.
 */
function splitGeneratedDocuments(): Plugin {
  const PREFIX = 'virtual:gql-doc/';
  const docs = new Map<string, string>();
  const line = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.+>;$/gm;
  return {
    name: 'split-generated-documents',
    // production builds only (vitest extends this config and must see the generated file as is)
    apply: (_config, env) => env.command === 'build' && !process.env.VITEST,
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/__generated__/graphql.ts')) return null;
      const exports: string[] = [];
      for (const [, name, literal] of code.matchAll(line)) {
        docs.set(name, literal);
        exports.push(`export { ${name} } from '${PREFIX}${name}';`);
      }
      return { code: exports.join('\n'), map: null };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      return `export const ${name} = ${docs.get(name) ?? 'undefined'};`;
    },
  };
}

/** Brotli and gzip siblings of every text asset, written once the build is on disk (served by the gateway). */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild && !process.env.VITEST,
    closeBundle: {
      order: 'post',
      handler() {
        precompressDir(path.join(webDir, 'dist'));
      },
    },
  };
}

/** Export conditions of the server entry's libraries: their production builds, for Node. */
const SERVER_CONDITIONS = ['production', 'module', 'node', 'import', 'default'];

/**
 * Two builds: the browser's (web/dist, served) and, with `--ssr src/entry-server.tsx`, the
 * server entry the gateway renders pages with (web/dist-ssr, never served; its node_modules
 * imports stay external).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  // Under vitest the project root stays the repository (tests/web/** are found from there).
  root: process.env.VITEST ? undefined : webDir,
  plugins: [
    catalogueSplit(path.join(webDir, 'src')),
    splitGeneratedDocuments(),
    react(),
    styledComponentIds(webDir),
    precompress(),
  ],
  build: {
    outDir: path.join(webDir, isSsrBuild ? 'dist-ssr' : 'dist'),
    emptyOutDir: true,
    manifest: !isSsrBuild,
    target: isSsrBuild ? 'node20' : 'es2022',
    // The server entry's map lets a CPU profile of the gateway name the bundled sources (bench:profile).
    sourcemap: Boolean(isSsrBuild),
    rollupOptions: {
      // The server entry is one file: the gateway loads it under a versioned URL
      // (entry-server.js?v=<build time>), and a chunk importing `../entry-server.js` would get a
      // second copy of every shared module, its React contexts (the session, …) unprovided.
      output: isSsrBuild
        ? { codeSplitting: false }
        : { codeSplitting: { groups: [...startUpGroups, ...catalogueChunkGroups] } },
    },
  },
  // The server entry carries its libraries, built for production: the gateway runs React's (and
  // Apollo's, React Router's, styled-components') production code whatever its own NODE_ENV, which
  // also decides its playground and introspection. A library left external would load React from
  // node_modules by the process's NODE_ENV: a second React beside the bundle's.
  ...(isSsrBuild
    ? {
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        resolve: { conditions: SERVER_CONDITIONS },
        ssr: { noExternal: true, resolve: { conditions: SERVER_CONDITIONS } },
      }
    : {
        // styled-components' Node entry is CommonJS (its default export would not be `styled`): bundled.
        ssr: { noExternal: ['styled-components'] },
        resolve: process.env.VITEST
          ? {}
          : {
              // rxjs (Apollo's) as ES2015 classes: its default build is ES5, down-levelled through tslib
              conditions: ['es2015', ...defaultClientConditions],
              alias: [
                // zod through the module that turns its eval probe off first (web/src/lib/zod-jitless.ts)
                { find: /^zod$/, replacement: path.join(webDir, 'src/lib/zod-jitless.ts') },
                // the built texts arrive parsed (web/catalogue-split.ts, a build step): react-intl
                // without its message parser; the dev server serves the texts as written
                ...(command === 'build'
                  ? [
                      {
                        find: /^@formatjs\/icu-messageformat-parser$/,
                        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
                      },
                    ]
                  : []),
              ],
            },
      }),
  server: {
    port: Number(process.env.WEB_PORT ?? 4700),
    strictPort: true,
    proxy: {
      '/graphql': { target: gateway, changeOrigin: false, ws: true },
      '/service': { target: gateway, changeOrigin: false },
      // The playground's page is GET /graphql from a browser; its built files are under /__playground/.
      '/__playground': { target: gateway, changeOrigin: false },
    },
  },
  preview: { port: Number(process.env.WEB_PORT ?? 4700), strictPort: true },
}));
