import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The offline GraphiQL playground (graphiql 5 with Monaco and its workers), bundled into
 * playground/dist and served by the gateway under /__playground/ (see route.ts).
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
    outDir: fileURLToPath(new URL('./dist/', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
    rollupOptions: {
      // GraphiQL's packages are already built by the React Compiler and mark modules
      // "use no memo"/"use client": hints for a compiler or a server-components bundler that mean
      // nothing inside this client-only bundle, so dropping them changes no behaviour.
      onwarn(warning, warn) {
        const directive = /"use (no memo|client)"/.test(warning.message);
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && directive && warning.id?.includes('node_modules'))
          return;
        warn(warning);
      },
    },
  },
});
