// Runs a CommonJS bundle through vm.Script with V8's code cache, so that a process or worker that
// loads it does not parse and compile the bundle's functions again: the cache holds the bytecode of
// every function compiled before it was written (after a first run, the ones a compile uses). One
// file per V8 version, bundle content and bundle path in `cacheDir`, written through a temp file and a rename.
// Used where Node has no module compile cache for it (hlslc on Node < 22.1, compile workers).
// A cache that cannot be read or written is no cache: the bundle runs the same, only slower to start.
// Two checks V8 does not make: it accepts a cache made for another source of the same length (npm
// installs every version with the same mtime, so size + mtime would not tell versions apart), and
// in release builds it does not checksum the cache (a flipped byte can abort the process, on every
// run, or change what runs). So the name carries the bundle's CRC-32 and the file starts with the
// CRC-32 of V8's data. CRC-32 (zlib's, ~2 ms with loading node:zlib for both) rather than SHA-256
// (node:crypto, ~4 ms): it guards against damage, and a bundle's size and CRC-32 both matching
// another version's by chance is out of reach.
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

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

/** Bytes before V8's data in a cache file: its CRC-32 and its length (u32 LE each; 8 keeps V8's data aligned). */
const HEADER_BYTES = 8;

type Crc32 = (bytes: Uint8Array) => number;

/** zlib's CRC-32; undefined where this Node has none (older than 20.15 or 22.2): then there is no cache. */
function crc32Of(require: NodeJS.Require): Crc32 | undefined {
  try {
    const { crc32 } = require('node:zlib') as Partial<typeof import('node:zlib')>;
    return typeof crc32 === 'function' ? (bytes) => crc32(bytes) : undefined;
  } catch {
    return undefined;
  }
}

/** V8's part of a cache file when the header matches it; undefined for a missing, short or damaged file. */
function readCodeCache(file: string, crc32: Crc32): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.length <= HEADER_BYTES || bytes.readUInt32LE(4) !== bytes.length - HEADER_BYTES) return undefined;
  const data = bytes.subarray(HEADER_BYTES);
  return crc32(data) === bytes.readUInt32LE(0) ? data : undefined;
}

/** A cache file's bytes: the header, then V8's data. */
function codeCacheFile(data: Buffer, crc32: Crc32): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(crc32(data), 0);
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data]);
}

/** Runs `bundle` (CommonJS) with its code cache `<prefix>-<v8>-<size>-<crc32>-<path crc32>.code-cache` in `cacheDir` (none: no cache). */
export function runWithCodeCache(bundle: string, cacheDir: string | undefined, prefix: string): CachedBundle {
  const bytes = readFileSync(bundle);
  // ASCII (scripts/bundle.mjs makes it so) decodes as Latin-1 to the same string as UTF-8, sooner.
  // A shebang line would be a syntax error inside the CommonJS wrapper; blank it, keeping line numbers.
  const source = (isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8')).replace(/^#!.*/, '');
  const require = createRequire(bundle);
  const crc32 = cacheDir === undefined ? undefined : crc32Of(require);
  const cache =
    cacheDir === undefined || crc32 === undefined
      ? undefined
      : {
          dir: cacheDir,
          crc32,
          // The bundle's path too: V8's cache carries the script's name, so another installation's
          // cache of the same bundle would put that installation's paths in every stack trace.
          file: join(cacheDir, `${prefix}-${process.versions.v8}-${bytes.length}-${crc32(bytes).toString(16)}-${crc32(Buffer.from(bundle)).toString(16)}.code-cache`),
        };
  const cachedData = cache && readCodeCache(cache.file, cache.crc32);
  // The bundle has no dynamic import() (a script's import callback does not survive its code cache).
  // The wrapper is Node's CommonJS one (module.wrap), written out: named imports here cost less to load.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n});`, { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  const wrapper = script.runInThisContext() as CommonJsWrapper;
  const cjs = { exports: {} as Record<string, unknown> };
  wrapper.call(cjs.exports, cjs.exports, require, cjs, bundle, dirname(bundle));
  let stale = cache !== undefined && (cachedData === undefined || script.cachedDataRejected === true);
  return {
    exports: cjs.exports,
    get stale() {
      return stale;
    },
    save() {
      if (!stale || cache === undefined) return;
      stale = false;
      // Unique per writer (processes, and worker threads of one process) without loading worker_threads here.
      const partial = `${cache.file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      try {
        mkdirSync(cache.dir, { recursive: true });
        writeFileSync(partial, codeCacheFile(script.createCachedData(), cache.crc32));
        renameSync(partial, cache.file); // concurrent writers each write whole files
        pruneCodeCaches(cache.dir, prefix);
      } catch {
        // No cache this time, and no half-written file left behind (a full disk), where one can be removed.
        try {
          rmSync(partial, { force: true });
        } catch {
          // its folder cannot be written either
        }
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
