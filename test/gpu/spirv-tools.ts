// Independent SPIR-V producers and the validator, for tests: Debian's
// glslangValidator (HLSL front end), spirv-as and spirv-val (SPIRV-Tools).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type GlslangStage = 'comp' | 'vert' | 'frag';

function inTempDir<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'gpu-spirv-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(tool: string, args: string[]): void {
  try {
    execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stdout?: Buffer; stderr?: Buffer };
    if (e.code === 'ENOENT') throw new Error(`${tool} not found: apt-get install -y glslang-tools spirv-tools`);
    throw new Error(`${tool} ${args.join(' ')} failed:\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`);
  }
}

function words(bytes: Buffer): Uint32Array {
  return new Uint32Array(new Uint8Array(bytes).buffer);
}

/** HLSL source file → SPIR-V words via `glslangValidator -D -V` (SPIR-V 1.3: glslang 12 emits BufferBlock, invalid in 1.4+, for HLSL buffers at newer targets). */
export function compileHlslWithGlslang(file: string, stage: GlslangStage, entry: string): Uint32Array {
  return inTempDir((dir) => {
    const out = join(dir, 'out.spv');
    run('glslangValidator', ['-D', '-V', '--target-env', 'vulkan1.1', '-S', stage, '-e', entry, file, '-o', out]);
    return words(readFileSync(out));
  });
}

/** SPIR-V assembly text → words via spirv-as. */
export function assembleSpirv(text: string, targetEnv = 'vulkan1.3'): Uint32Array {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.spvasm'), text);
    run('spirv-as', ['--target-env', targetEnv, join(dir, 'in.spvasm'), '-o', join(dir, 'out.spv')]);
    return words(readFileSync(join(dir, 'out.spv')));
  });
}

/** Throws with spirv-val's diagnostics unless the module is valid for the target environment. */
export function validateSpirv(spirv: Uint32Array, options: { targetEnv?: string; flags?: string[] } = {}): void {
  inTempDir((dir) => {
    const file = join(dir, 'module.spv');
    writeFileSync(file, new Uint8Array(spirv.buffer, spirv.byteOffset, spirv.byteLength));
    run('spirv-val', ['--target-env', options.targetEnv ?? 'vulkan1.3', ...(options.flags ?? []), file]);
  });
}
