/**
 * zod as the web app sees it: every `import … from 'zod'` in the browser build resolves here
 * (web/vite.config.ts aliases it). zod compiles fast object parsers with `new Function` unless
 * told not to, and probes for that ability when an object schema is built; the shop's
 * Content-Security-Policy has no 'unsafe-eval', so the probe would be refused and reported as a
 * CSP violation. This module runs before any module that imports zod, so the setting holds before
 * the first schema exists — and zod loads only with the chunks that build schemas (the forms),
 * not with the entry.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
