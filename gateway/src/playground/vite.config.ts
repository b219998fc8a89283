import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The offline GraphiQL playground (graphiql 5 with Monaco and its workers), bundled into
 * gateway/playground/dist and served by the gateway under /__playground/ (see route.ts).
 * Nothing is loaded from a CDN: every script, style, font and worker is emitted here.
 */
const root = fileURLToPath(new URL('./app/', import.meta.url));

export default defineConfig({
  root,
  base: '/__playground/',
  plugins: [react()],
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../../playground/dist/', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
  },
});
