// `hlslc -Fo-dir <dir> a.hlsl b.hlsl …` and `@response-file`, run as a build script would (the
// built CLI from dist/, built by `npm test` before vitest). Each output must be the very module the
// one-file mode writes for that input, and pass spirv-val.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/src/bin/launch.cjs');
const INPUTS = ['copy-uniform-to-storage', 'image-store', 'two-sets'].map((name) => join(ROOT, `fixtures/gpu/${name}.hlsl`));

let work: string;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (\`npm test\` does)`);
  work = mkdtempSync(join(tmpdir(), 'hlslc-many-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function hlslc(args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: work, encoding: 'utf8' });
}

function singleFile(input: string): Buffer {
  const out = join(work, `single-${Math.random().toString(36).slice(2)}.spv`);
  const run = hlslc(['-T', 'cs_6_0', input, '-Fo', out]);
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(out);
}

describe('hlslc -Fo-dir', () => {
  it('compiles every input into <dir>/<name>.spv, each the module the one-file mode writes', () => {
    const run = hlslc(['-T', 'cs_6_0', '-Fo-dir', 'out', ...INPUTS]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    for (const input of INPUTS) {
      const out = join(work, 'out', `${input.split('/').pop()!.replace('.hlsl', '')}.spv`);
      execFileSync('spirv-val', ['--target-env', 'vulkan1.1', out]);
      expect(readFileSync(out).equals(singleFile(input))).toBe(true);
    }
  });

  it('writes <dir>/<name>.wgsl with -target wgsl, each the WGSL the one-file mode writes', () => {
    const run = hlslc(['-T', 'cs_6_0', '-target', 'wgsl', '-Fo-dir', 'wgsl', ...INPUTS]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    for (const input of INPUTS) {
      const name = input.split('/').pop()!.replace('.hlsl', '');
      const single = join(work, `${name}-single.wgsl`);
      const one = hlslc(['-T', 'cs_6_0', '-target', 'wgsl', input, '-Fo', single]);
      expect(one.status, one.stderr).toBe(0);
      expect(readFileSync(join(work, 'wgsl', `${name}.wgsl`), 'utf8')).toBe(readFileSync(single, 'utf8'));
    }
  });

  it('takes its arguments from a response file', () => {
    writeFileSync(join(work, 'args.txt'), `-T cs_6_0\n-Fo-dir "from rsp"\n${INPUTS.map((f) => `"${f}"`).join('\n')}\n`);
    const run = hlslc(['@args.txt']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    for (const input of INPUTS) {
      const out = join(work, 'from rsp', `${input.split('/').pop()!.replace('.hlsl', '')}.spv`);
      expect(readFileSync(out).equals(singleFile(input))).toBe(true);
    }
  });

  it('reports a failing input with its location, still writes the others, and exits 1', () => {
    const bad = join(work, 'bad.hlsl');
    writeFileSync(bad, '[numthreads(1, 1, 1)]\nvoid main() {\n  undeclared = 1;\n}\n');
    const run = hlslc(['-T', 'cs_6_0', '-Fo-dir', 'mixed', bad, INPUTS[0]!]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${bad}:3:3: error:`);
    expect(existsSync(join(work, 'mixed', 'bad.spv'))).toBe(false);
    expect(readFileSync(join(work, 'mixed', 'copy-uniform-to-storage.spv')).equals(singleFile(INPUTS[0]!))).toBe(true);
  });

  it('rejects a missing response file as a usage error', () => {
    const run = hlslc(['@nope.txt']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("hlslc: error: cannot read response file 'nope.txt': ENOENT\n");
  });
});
