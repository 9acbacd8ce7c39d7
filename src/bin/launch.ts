#!/usr/bin/env node
// The `hlslc` executable (bundled to dist/src/bin/launch.cjs: a CommonJS main module starts sooner
// than an ES module): loads the CLI, bundled into one CommonJS file by `npm run build`
// (scripts/bundle.mjs), with V8's code cache so that a run does not compile the whole CLI again:
// Node's module compile cache where Node has one (>= 22.1), else a code cache kept here
// (vm.Script cachedData) in $XDG_CACHE_HOME/unplugin-hlsl (default ~/.cache), one file per V8 version and bundle, written
// after the first run and again whenever its checksum fails or V8 rejects it (code-cache.ts). A cache that cannot be read or written
// is no cache: the CLI runs the same, only slower to start.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { codeCacheDir, runWithCodeCache } from '../../plugin/code-cache.js';

// import.meta.dirname is __dirname in the bundle (scripts/bundle.mjs): no URL round trip at start-up.
const bundle = join(import.meta.dirname, 'hlslc-main.cjs');
const require = createRequire(bundle);

function runCached(): void {
  const cached = runWithCodeCache(bundle, codeCacheDir(), 'hlslc');
  // After the run, so the functions the run compiled are in the cache too.
  if (cached.stale) process.once('beforeExit', () => cached.save());
}

// Required rather than imported: a default import of node:module would copy all its exports.
const { enableCompileCache } = require('node:module') as { enableCompileCache?: () => unknown };
if (enableCompileCache) {
  enableCompileCache();
  require(bundle);
} else {
  runCached();
}
