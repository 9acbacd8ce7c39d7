// The V8 code caches kept in the user's cache folder: each bundle version writes its own file, so
// without pruning the folder would grow with every upgrade (or, in development, every rebuild).
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
