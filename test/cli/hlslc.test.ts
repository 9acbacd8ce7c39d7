// End to end: the built `hlslc` (dist/, built by `npm test` before vitest) run as a user would.
// Every module it writes goes through spirv-val; expected values come from the HLSL sources and the
// DXC manual's binding rules, read back with spirv-dis and the reflection JSON.
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'dist/src/bin/launch.cjs');
const SLICE = join(ROOT, 'fixtures/shaders/slice.hlsl');

let work: string;

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (\`npm test\` does)`);
  work = mkdtempSync(join(tmpdir(), 'hlslc-cli-'));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function hlslc(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: options.cwd ?? work, env: options.env ?? process.env, encoding: 'utf8' });
}

/** Vulkan 1.1: DXC's default vector-relaxed layouts need VK_KHR_relaxed_block_layout, core since 1.1. */
function spirvVal(file: string, env = 'vulkan1.1'): void {
  execFileSync('spirv-val', ['--target-env', env, file], { encoding: 'utf8' });
}

function spirvDis(file: string): string {
  return execFileSync('spirv-dis', ['--no-color', file], { encoding: 'utf8' });
}

/** A fresh directory under the test's work directory. */
function scratch(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Compiles with `-Fo`, expects success, validates the module and returns its disassembly. */
function compileOk(args: string[], options: { cwd?: string; env?: string } = {}): { spv: string; asm: string; run: SpawnSyncReturns<string> } {
  const spv = join(options.cwd ?? work, `out-${Math.random().toString(36).slice(2)}.spv`);
  const run = hlslc([...args, '-Fo', spv], { cwd: options.cwd });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  spirvVal(spv, options.env);
  return { spv, asm: spirvDis(spv), run };
}

describe('hlslc on fixtures/shaders/slice.hlsl', () => {
  it('-T cs_6_0 -E main -Fo out.spv writes a module spirv-val accepts for Vulkan 1.1', () => {
    const out = join(work, 'out.spv');
    const run = hlslc(['-T', 'cs_6_0', '-E', 'main', '-Fo', out, SLICE]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
    expect(run.status).toBe(0);
    spirvVal(out, 'vulkan1.1');
    const asm = spirvDis(out);
    expect(asm).toMatch(/OpEntryPoint GLCompute %\w+ "main"/);
    expect(asm).toMatch(/OpExecutionMode %\w+ LocalSize 64 1 1/);
  });

  it('without -Fo prints the disassembly to stdout, as DXC does', () => {
    const { spv } = compileOk(['-T', 'cs_6_0', '-E', 'main', SLICE]);
    const run = hlslc(['-T', 'cs_6_0', '-E', 'main', SLICE]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(spirvDis(spv));
  });

  it('prints the disassembly with the spirv-tools package when spirv-dis is not on PATH', () => {
    const { spv } = compileOk(['-T', 'cs_6_0', SLICE]);
    const run = hlslc(['-T', 'cs_6_0', SLICE], { env: { ...process.env, PATH: '' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(spirvDis(spv));
  });

  it('-Fc writes the disassembly next to the binary', () => {
    const listing = join(work, 'slice.spvasm');
    const { asm } = compileOk(['-T', 'cs_6_0', '-Fc', listing, SLICE]);
    expect(readFileSync(listing, 'utf8')).toBe(asm);
  });

  it('--reflect writes the bindings the registers ask for', () => {
    const json = join(work, 'slice.json');
    compileOk(['-T', 'cs_6_0', '--reflect', json, SLICE]);
    const reflection = JSON.parse(readFileSync(json, 'utf8'));
    expect(reflection.entryPoints).toMatchObject([{ name: 'main', stage: 'compute', workgroupSize: { x: 64, y: 1, z: 1 } }]);
    const byName = Object.fromEntries(reflection.bindings.map((b: { name: string }) => [b.name, b]));
    // register(b0) → binding 0, register(u1) → binding 1, both in set 0 (the manual's default mapping).
    expect(byName.Params).toMatchObject({ set: 0, binding: 0, kind: 'uniform-buffer' });
    expect(byName.output).toMatchObject({ set: 0, binding: 1, kind: 'storage-buffer' });
  });

  it('-fvk-b-shift and -fvk-u-shift reach the compiler', () => {
    const json = join(work, 'shifted.json');
    compileOk(['-T', 'cs_6_0', '-fvk-b-shift', '5', 'all', '-fvk-u-shift', '10', '0', '--reflect', json, SLICE]);
    const byName = Object.fromEntries(JSON.parse(readFileSync(json, 'utf8')).bindings.map((b: { name: string }) => [b.name, b]));
    expect(byName.Params).toMatchObject({ set: 0, binding: 5 });
    expect(byName.output).toMatchObject({ set: 0, binding: 11 });
  });

  it('--emit-module writes an ES module and its declaration file', () => {
    const module = join(work, 'slice.mjs');
    compileOk(['-T', 'cs_6_0', '--emit-module', module, SLICE]);
    execFileSync(process.execPath, ['--check', module]);
    expect(readFileSync(module, 'utf8')).toMatch(/^export /m);
    expect(readFileSync(join(work, 'slice.d.mts'), 'utf8')).toMatch(/export /);
  });

  it('--dts writes <input>.d.ts, the declaration a bundler import of the shader gets', () => {
    const dir = scratch('dts');
    const file = join(dir, 'slice.hlsl');
    writeFileSync(file, readFileSync(SLICE, 'utf8'));
    compileOk(['-T', 'cs_6_0', '-Fo', join(dir, 'slice.spv'), '--dts', file]);
    const dts = readFileSync(`${file}.d.ts`, 'utf8');
    expect(dts).toMatch(/export \{ layout0 as Params/);
    expect(dts).toContain('export declare function loadSpirv(): Promise<Uint32Array>;');
  });

  it('--dts alone takes many files and no -T: each stage found as the plugins find it', () => {
    const dir = scratch('dts-many');
    const compute = join(dir, 'slice.hlsl'); // [numthreads] marks it
    const pixel = join(dir, 'tint.frag.hlsl'); // unmarked main: the file name says pixel
    const broken = join(dir, 'broken.hlsl');
    writeFileSync(compute, readFileSync(SLICE, 'utf8'));
    writeFileSync(pixel, 'cbuffer Tint { float4 colour; };\nfloat4 main(float2 uv : TEXCOORD0) : SV_Target { return colour * uv.x; }\n');
    writeFileSync(broken, 'float4 main() : SV_Target { return nope; }\n');
    const ok = hlslc(['--dts', compute, pixel]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(readFileSync(`${compute}.d.ts`, 'utf8')).toMatch(/readonly stage: "compute"/);
    expect(readFileSync(`${pixel}.d.ts`, 'utf8')).toMatch(/readonly stage: "pixel"/);
    expect(readFileSync(`${pixel}.d.ts`, 'utf8')).toMatch(/export \{ layout0 as Tint \}/);
    const failed = hlslc(['--dts', broken, pixel]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/broken\.hlsl:1:\d+: error: use of undeclared identifier 'nope'/);
    expect(existsSync(`${broken}.d.ts`)).toBe(false);
    // Another output needs -T, as in DXC.
    expect(hlslc(['--dts', '-Fo', join(dir, 'x.spv'), pixel]).stderr).toMatch(/target profile argument is missing/);
  });
});

describe('hlslc diagnostics and exit codes', () => {
  it('a syntax error exits 1 with file:line:col: error: and the source line with a caret', () => {
    const dir = scratch('syntax');
    const file = join(dir, 'bad.hlsl');
    writeFileSync(file, '[numthreads(1, 1, 1)]\nvoid main() {\n  float x = ;\n}\n');
    const run = hlslc(['-T', 'cs_6_0', '-Fo', join(dir, 'bad.spv'), file]);
    expect(run.status).toBe(1);
    expect(run.stderr.startsWith(`${file}:3:`)).toBe(true);
    expect(run.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:3:\\d+: error: .+\\n  float x = ;\\n *\\^`));
    expect(existsSync(join(dir, 'bad.spv'))).toBe(false);
  });

  it('a missing input file exits 1', () => {
    const run = hlslc(['-T', 'cs_6_0', join(work, 'nope.hlsl')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`hlslc: error: cannot read input file '${join(work, 'nope.hlsl')}': ENOENT\n`);
  });

  it('an output that cannot be written exits 1', () => {
    const run = hlslc(['-T', 'cs_6_0', '-Fo', join(work, 'no/such/dir/out.spv'), SLICE]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`hlslc: error: cannot write '${join(work, 'no/such/dir/out.spv')}': ENOENT\n`);
  });

  it('-P writes the preprocessed source to <input>.i or the -Fi file, and compiles nothing', () => {
    const dir = scratch('preprocess');
    const input = join(dir, 'v.hlsl');
    writeFileSync(input, '#define TWICE(x) ((x) * 2)\nfloat4 main(float4 p : POSITION) : SV_Position { return TWICE(p) * __SPIRV_MINOR_VERSION__; }\n');
    const run = hlslc(['-T', 'vs_6_0', '-P', '-fspv-target-env=vulkan1.2', input], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'v.i'), 'utf8')).toBe(`#line 2 ${JSON.stringify(input)}\nfloat4 main(float4 p : POSITION) : SV_Position { return ((p) * 2) * 5; }\n`);
    expect(hlslc(['-T', 'vs_6_0', '-P', '-Fi', 'pre.txt', input], { cwd: dir }).status).toBe(0);
    expect(readFileSync(join(dir, 'pre.txt'), 'utf8')).toMatch(/\* 0; }\n$/);
  });

  it('DXC\'s Vulkan options reach the module: -fvk-invert-y, -fspv-target-env=vulkan1.1spirv1.4', () => {
    const dir = scratch('vk-options');
    const input = join(dir, 'v.hlsl');
    writeFileSync(input, 'float4 main(float4 p : POSITION) : SV_Position { return p; }\n');
    const { asm } = compileOk(['-T', 'vs_6_0', '-fvk-invert-y', '-fspv-target-env=vulkan1.1spirv1.4', input], { cwd: dir, env: 'vulkan1.1spv1.4' });
    expect(asm).toMatch(/; Version: 1\.4/);
    expect(asm).toMatch(/OpFNegate %float/);
    const wrongStage = hlslc(['-T', 'ps_6_0', '-fvk-invert-y', input], { cwd: dir });
    expect(wrongStage.status).toBe(2);
    expect(wrongStage.stderr).toBe('hlslc: error: -fvk-invert-y can only be used in VS/DS/GS/MS/Lib\n');
  });

  it('an unsupported DXC option exits 2 without compiling', () => {
    const run = hlslc(['-T', 'vs_6_0', '-Gec', SLICE]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("hlslc: error: option '-Gec' is not supported yet\n");
    expect(run.stdout).toBe('');
  });

  it('an unknown option exits 2', () => {
    const run = hlslc(['-T', 'cs_6_0', '-frobnicate', SLICE]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("hlslc: error: unknown argument: '-frobnicate'\n");
  });

  it('-help prints usage generated from the option table; --version the package version', () => {
    const help = hlslc(['-help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('USAGE: hlslc -T <profile>');
    expect(help.stdout).toContain('-fvk-b-shift <shift> <space>');
    expect(help.stdout).toContain('--emit-module <file>');
    expect(hlslc(['--help']).stdout).toBe(help.stdout);
    const version = hlslc(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`hlslc ${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}\n`);
  });
});

describe('hlslc preprocessor options', () => {
  const SOURCE = [
    '#ifndef GROUP',
    '#error GROUP must be defined',
    '#endif',
    'RWStructuredBuffer<uint> data : register(u0);',
    '[numthreads(GROUP, 1, 1)]',
    'void main(uint3 id : SV_DispatchThreadID) {',
    '#if TRIPLE',
    '  data[id.x] = id.x * 3;',
    '#else',
    '  data[id.x] = id.x;',
    '#endif',
    '}',
    '',
  ].join('\n');

  it('-D NAME=VALUE and -DNAME=VALUE reach #if and macro expansion', () => {
    const dir = scratch('defines');
    const file = join(dir, 'k.hlsl');
    writeFileSync(file, SOURCE);
    const separate = compileOk(['-T', 'cs_6_0', '-D', 'GROUP=32', file]).asm;
    expect(separate).toMatch(/LocalSize 32 1 1/);
    expect(separate).not.toMatch(/OpIMul/);
    const joined = compileOk(['-T', 'cs_6_0', '-DGROUP=16', '-D', 'TRIPLE', file]).asm;
    expect(joined).toMatch(/LocalSize 16 1 1/);
    expect(joined).toMatch(/OpIMul/);
  });

  it('without the -D the #error fires at its line', () => {
    const dir = scratch('no-define');
    const file = join(dir, 'k.hlsl');
    writeFileSync(file, SOURCE);
    const run = hlslc(['-T', 'cs_6_0', file]);
    expect(run.status).toBe(1);
    expect(run.stderr.startsWith(`${file}:2:`)).toBe(true);
    expect(run.stderr).toContain('GROUP must be defined');
  });

  it('-I adds an include directory, relative to the working directory', () => {
    const dir = scratch('includes');
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc/config.hlsli'), '#define GROUP 4\n');
    writeFileSync(join(dir, 'src/k.hlsl'), `#include "config.hlsli"\n${SOURCE}`);
    expect(compileOk(['-T', 'cs_6_0', '-I', 'inc', 'src/k.hlsl'], { cwd: dir }).asm).toMatch(/LocalSize 4 1 1/);
    expect(compileOk(['-T', 'cs_6_0', '-Iinc', 'src/k.hlsl'], { cwd: dir }).asm).toMatch(/LocalSize 4 1 1/);
    const without = hlslc(['-T', 'cs_6_0', 'src/k.hlsl'], { cwd: dir });
    expect(without.status).toBe(1);
    expect(without.stderr).toMatch(new RegExp(`^${join(dir, 'src/k.hlsl')}:1:\\d+: error: .*config\\.hlsli`));
  });
});
