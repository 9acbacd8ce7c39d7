// The V8 code caches kept in the user's cache folder: each bundle version writes its own file, so
// without pruning the folder would grow with every upgrade (or, in development, every rebuild).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { pruneCodeCaches } from '../../plugin/code-cache.js';

describe('code cache pruning', () => {
  it('keeps the three newest caches of a prefix and leaves other prefixes and files alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hlsl-code-cache-prune-'));
    const names = [1, 2, 3, 4, 5].map((age) => `hlslc-12.4-${1000 + age}-${age}.code-cache`);
    names.forEach((name, i) => {
      writeFileSync(join(dir, name), 'x');
      const seconds = 1_700_000_000 - i * 60; // names[0] is the newest
      utimesSync(join(dir, name), seconds, seconds);
    });
    writeFileSync(join(dir, 'compile-worker-12.4-1-1.code-cache'), 'x');
    writeFileSync(join(dir, 'hlslc-notes.txt'), 'x');
    pruneCodeCaches(dir, 'hlslc');
    expect(readdirSync(dir).sort()).toEqual([...names.slice(0, 3), 'compile-worker-12.4-1-1.code-cache', 'hlslc-notes.txt'].sort());
  });
});

describe('code cache of one bundle installed in two places', () => {
  it('is kept per place: V8\'s cache carries the script name, which stack traces print', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hlsl-code-cache-places-'));
    try {
      const runner = join(dir, 'code-cache.mjs');
      await build({ entryPoints: [fileURLToPath(new URL('../../plugin/code-cache.ts', import.meta.url))], bundle: true, platform: 'node', format: 'esm', outfile: runner, logLevel: 'error' });
      const bundle = 'exports.fail = function fail() { throw new Error("from the bundle"); };\n';
      const places = ['a', 'b'].map((p) => join(dir, p, 'bundle.cjs'));
      for (const place of places) {
        mkdirSync(join(place, '..'), { recursive: true });
        writeFileSync(place, bundle);
      }
      const cacheDir = join(dir, 'cache');
      // Each run is its own process, as hlslc runs are: no in-memory compilation cache in between.
      const run = (place: string) => {
        const code = [
          `import { runWithCodeCache } from ${JSON.stringify(pathToFileURL(runner).href)};`,
          `const cached = runWithCodeCache(${JSON.stringify(place)}, ${JSON.stringify(cacheDir)}, 'test');`,
          'try { cached.exports.fail(); } catch (e) { console.log(e.stack.split("\\n")[1].trim()); }',
          'cached.save();',
        ].join('\n');
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
        expect(r.stderr).toBe('');
        return r.stdout.trim();
      };
      expect(run(places[0]!)).toContain(places[0]);
      expect(run(places[0]!)).toContain(places[0]); // from its cache
      expect(run(places[1]!)).toContain(places[1]);
      expect(run(places[1]!)).toContain(places[1]); // from its own cache, not a's
      expect(readdirSync(cacheDir).filter((f) => f.endsWith('.code-cache'))).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
