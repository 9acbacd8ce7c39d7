// `hlslc -target wgsl` end to end (the built CLI, as hlslc.test.ts): the WGSL text goes to -Fo (or
// stdout) and passes Tint; --reflect writes the WGSL pipeline's reflection; `-spirv` beside it is
// ignored; an unknown target is a usage error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebGpu, type WebGpuRunner } from '../webgpu/harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/src/bin/hlslc.js');
const SLICE = join(ROOT, 'fixtures/shaders/slice.hlsl');

let work: string;
let gpu: WebGpuRunner;
beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (\`npm test\` does)`);
  work = mkdtempSync(join(tmpdir(), 'hlslc-wgsl-'));
  gpu = await startWebGpu();
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
afterAll(() => gpu?.close());

const hlslc = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: work, encoding: 'utf8' });

describe('hlslc -target wgsl', () => {
  it('-T cs_6_0 -E main -target wgsl -Fo x.wgsl writes WGSL that Tint accepts, and --reflect its bindings', async () => {
    const out = join(work, 'x.wgsl');
    const reflect = join(work, 'x.json');
    const run = hlslc(['-T', 'cs_6_0', '-E', 'main', '-spirv', '-target', 'wgsl', '-Fo', out, '--reflect', reflect, SLICE]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const code = readFileSync(out, 'utf8');
    expect(code).toMatch(/@compute @workgroup_size\(64, 1, 1\)\nfn main\(/);
    await gpu.compile(code);
    const reflection = JSON.parse(readFileSync(reflect, 'utf8'));
    expect(reflection.bindings.map((b: { name: string; set: number; binding: number }) => [b.name, b.set, b.binding])).toEqual([
      ['Params', 0, 0],
      ['output', 0, 1],
    ]);
  });

  it('without -Fo prints the WGSL', () => {
    const run = hlslc(['-T', 'cs_6_0', '-E', 'main', '-target', 'wgsl', SLICE]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('var<storage, read_write>');
  });

  it('rejects an unknown target', () => {
    const run = hlslc(['-T', 'cs_6_0', '-target', 'metal', SLICE]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("unknown -target 'metal' (expected spirv or wgsl)");
  });
});
