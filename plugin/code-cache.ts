// Runs a CommonJS bundle through vm.Script with V8's code cache, so that a process or worker that
// loads it does not parse and compile the bundle's functions again: the cache holds the bytecode of
// every function compiled before it was written (after a first run, the ones a compile uses). One
// file per V8 version and bundle (size, mtime) in `cacheDir`, written through a temp file and a
// rename. Used where Node has no module compile cache for it (hlslc on Node < 22.1, compile workers).
// A cache that cannot be read or written is no cache: the bundle runs the same, only slower to start.
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import vm from 'node:vm';

type CommonJsWrapper = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;

export interface CachedBundle {
  /** The bundle's module.exports. */
  exports: Record<string, unknown>;
  /** True when there was no cache or V8 rejected it: save() will write one. */
  readonly stale: boolean;
  /** Writes the cache (with every function compiled so far) when it is stale; at most once. */
  save(): void;
}

/** Where code caches are kept: $XDG_CACHE_HOME/unplugin-hlsl (default ~/.cache/unplugin-hlsl), shared by every project. */
export function codeCacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'unplugin-hlsl');
}

/** Runs `bundle` (CommonJS) with its code cache `<prefix>-<v8>-<size>-<mtime>.code-cache` in `cacheDir` (none: no cache). */
export function runWithCodeCache(bundle: string, cacheDir: string | undefined, prefix: string): CachedBundle {
  const bytes = readFileSync(bundle);
  // ASCII (scripts/bundle.mjs makes it so) decodes as Latin-1 to the same string as UTF-8, sooner.
  // A shebang line would be a syntax error inside the CommonJS wrapper; blank it, keeping line numbers.
  const source = (isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8')).replace(/^#!.*/, '');
  const { size, mtimeMs } = statSync(bundle);
  const cacheFile = cacheDir === undefined ? undefined : join(cacheDir, `${prefix}-${process.versions.v8}-${size}-${Math.trunc(mtimeMs)}.code-cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = cacheFile === undefined ? undefined : readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // The bundle has no dynamic import() (a script's import callback does not survive its code cache).
  const script = new vm.Script(module.wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  const wrapper = script.runInThisContext() as CommonJsWrapper;
  const cjs = { exports: {} as Record<string, unknown> };
  wrapper.call(cjs.exports, cjs.exports, createRequire(bundle), cjs, bundle, dirname(bundle));
  let stale = cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true);
  return {
    exports: cjs.exports,
    get stale() {
      return stale;
    },
    save() {
      if (!stale || cacheFile === undefined || cacheDir === undefined) return;
      stale = false;
      try {
        mkdirSync(cacheDir, { recursive: true });
        // Unique per writer (processes, and worker threads of one process) without loading worker_threads here.
        const partial = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile); // concurrent writers each write whole files
        pruneCodeCaches(cacheDir, prefix);
      } catch {
        // no cache this time
      }
    },
  };
}

/** Caches of one prefix kept: each upgrade (or rebuild) of a bundle writes a new file, so old ones are removed. */
const KEPT_PER_PREFIX = 3;

/** Removes all but the newest KEPT_PER_PREFIX code caches of `prefix` (one per bundle version) from `cacheDir`. */
export function pruneCodeCaches(cacheDir: string, prefix: string): void {
  const ours = readdirSync(cacheDir)
    .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith('.code-cache'))
    .map((name) => ({ path: join(cacheDir, name), mtime: statSync(join(cacheDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of ours.slice(KEPT_PER_PREFIX)) rmSync(path, { force: true });
}
