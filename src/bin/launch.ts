#!/usr/bin/env node
// The `hlslc` executable (bundled to dist/src/bin/launch.cjs: a CommonJS main module starts sooner
// than an ES module): loads the CLI, bundled into one CommonJS file by `npm run build`
// (scripts/bundle.mjs), with V8's code cache so that a run does not compile the whole CLI again:
// Node's module compile cache where Node has one (>= 22.1), else a code cache kept here
// (vm.Script cachedData) in $XDG_CACHE_HOME/unplugin-hlsl (default ~/.cache), one file per V8 version and bundle, written
// after the first run and again whenever V8 rejects it. A cache that cannot be read or written
// is no cache: the CLI runs the same, only slower to start.
import module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheDir, runWithCodeCache } from '../../plugin/code-cache.js';

const bundle = join(dirname(fileURLToPath(import.meta.url)), 'hlslc-main.cjs');

function runCached(): void {
  const cached = runWithCodeCache(bundle, codeCacheDir(), 'hlslc');
  // After the run, so the functions the run compiled are in the cache too.
  if (cached.stale) process.once('beforeExit', () => cached.save());
}

const enableCompileCache = (module as { enableCompileCache?: () => unknown }).enableCompileCache;
if (enableCompileCache) {
  enableCompileCache();
  createRequire(bundle)(bundle);
} else {
  runCached();
}
