import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webDir = path.dirname(fileURLToPath(import.meta.url));
/** The gateway `npm run dev` / `npm start` runs (never changed by the web app). */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:4000';

/** Vendor groups: cached across deploys, loaded in parallel with the entry. */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  {
    name: 'apollo',
    test: /node_modules[\\/](@apollo|graphql|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)[\\/]/,
  },
  {
    name: 'styled',
    test: /node_modules[\\/](styled-components|@emotion|stylis|shallowequal|css-to-react-native)[\\/]/,
  },
  { name: 'intl', test: /node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]/ },
];

export default defineConfig({
  // Under vitest the project root stays the repository (tests/web/** are found from there).
  root: process.env.VITEST ? undefined : webDir,
  plugins: [react()],
  build: {
    outDir: path.join(webDir, 'dist'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 4700),
    strictPort: true,
    proxy: {
      '/graphql': { target: gateway, changeOrigin: false, ws: true },
      '/service': { target: gateway, changeOrigin: false },
      '/playground': { target: gateway, changeOrigin: false },
    },
  },
  preview: { port: Number(process.env.WEB_PORT ?? 4700), strictPort: true },
});
