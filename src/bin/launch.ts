#!/usr/bin/env node
// The `hlslc` executable: turns on Node's module compile cache (Node >= 22.1; a no-op before) and
// then loads the CLI, bundled into one file by `npm run build` (scripts/bundle.mjs), so a run
// compiles and loads one module, and on later runs reads that compilation from the cache.
import module from 'node:module';

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// A variable specifier: the bundle exists only in dist/, not as a source module.
const bundle = './hlslc-main.js';
await import(bundle);
