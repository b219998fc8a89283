/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for that
 * ability when its first object schema is built. The shop's Content-Security-Policy has no
 * 'unsafe-eval', so the probe is refused and reported as a CSP violation on every page that
 * builds a form schema. Imported first by the browser's entry, before any schema exists; zod
 * keeps this setting on globalThis, so it holds for every chunk's copy of the schemas.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
