#!/usr/bin/env node
// The `hlslc` executable (bundled to dist/src/bin/launch.cjs: a CommonJS main module starts sooner
// than an ES module): loads the CLI, bundled into one CommonJS file by `npm run build`
// (scripts/bundle.mjs), with V8's code cache so that a run does not compile the whole CLI again:
// Node's module compile cache where Node has one (>= 22.1), else a code cache kept here
// (vm.Script cachedData) in $XDG_CACHE_HOME/unplugin-hlsl (default ~/.cache), one file per V8 version and bundle, written
// after the first run and again whenever V8 rejects it. A cache that cannot be read or written
// is no cache: the CLI runs the same, only slower to start.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const bundle = join(dirname(fileURLToPath(import.meta.url)), 'hlslc-main.cjs');
const requireFromBundle = createRequire(bundle);

type CommonJsWrapper = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;

function runWithCodeCache(): void {
  // The shebang line would be a syntax error inside the CommonJS wrapper; blank it, keeping line numbers.
  const source = readFileSync(bundle, 'utf8').replace(/^#!.*/, '');
  const { size, mtimeMs } = statSync(bundle);
  const cacheDir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'unplugin-hlsl');
  const cacheFile = join(cacheDir, `hlslc-${process.versions.v8}-${size}-${Math.trunc(mtimeMs)}.code-cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The bundle has no dynamic import() (a script's import callback does not survive its code cache).
  const script = new vm.Script(module.wrap(source), { filename: bundle, cachedData });
  const wrapper = script.runInThisContext() as CommonJsWrapper;
  const cjs = { exports: {} };
  wrapper.call(cjs.exports, cjs.exports, requireFromBundle, cjs, bundle, dirname(bundle));
  if (cachedData === undefined || script.cachedDataRejected) {
    // After the run, so the functions the run compiled are in the cache too.
    process.once('beforeExit', () => {
      try {
        mkdirSync(cacheDir, { recursive: true });
        const partial = `${cacheFile}.${process.pid}`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile); // concurrent runs each write whole files
      } catch {
        // no cache this time
      }
    });
  }
}

const enableCompileCache = (module as { enableCompileCache?: () => unknown }).enableCompileCache;
if (enableCompileCache) {
  enableCompileCache();
  requireFromBundle(bundle);
} else {
  runWithCodeCache();
}
