// The `hlslc` executable (dist/src/bin/launch.cjs) loads the bundled CLI with a V8 code cache on
// Node versions without a module compile cache: the first run writes the cache under
// $HOME/.cache/unplugin-hlsl, later runs read it, and the output is the same either way.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/src/bin/launch.cjs');
const SHADER = join(ROOT, 'fixtures/compiler/pbr.hlsl');
const nodeHasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

let home: string;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (\`npm test\` does)`);
  home = mkdtempSync(join(tmpdir(), 'hlslc-home-'));
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

function compileTo(out: string) {
  return spawnSync(process.execPath, [CLI, '-T', 'ps_6_0', '-E', 'ps_main', SHADER, '-Fo', out], {
    env: { ...process.env, HOME: home },
    encoding: 'utf8',
  });
}

describe.skipIf(nodeHasCompileCache)('hlslc code cache (Node without module.enableCompileCache)', () => {
  it('is written by the first run and read by the next, which writes the same module', () => {
    const cacheDir = join(home, '.cache', 'unplugin-hlsl');
    const first = compileTo(join(home, 'first.spv'));
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    const files = readdirSync(cacheDir).filter((f) => f.endsWith('.code-cache'));
    expect(files).toHaveLength(1);
    const second = compileTo(join(home, 'second.spv'));
    expect(second.stderr).toBe('');
    expect(second.status).toBe(0);
    expect(readFileSync(join(home, 'second.spv')).equals(readFileSync(join(home, 'first.spv')))).toBe(true);
  });

  it('still runs when the cache file is garbage (V8 rejects it) and replaces it', () => {
    const cacheDir = join(home, '.cache', 'unplugin-hlsl');
    const [file] = readdirSync(cacheDir).filter((f) => f.endsWith('.code-cache'));
    writeFileSync(join(cacheDir, file!), 'not a code cache');
    const run = compileTo(join(home, 'third.spv'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(join(cacheDir, file!)).toString()).not.toBe('not a code cache');
  });
});
