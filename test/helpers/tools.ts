// The independent SPIR-V tools the tests compare against, in one place: glslangValidator (HLSL and
// GLSL front end), spirv-as, spirv-val, spirv-dis and spirv-link (SPIRV-Tools), spirv-cross (reflection as JSON).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type GlslangStage = 'comp' | 'vert' | 'frag';

/** Runs `tool` and returns its stdout; throws with the command line and the tool's output when it fails. */
export function runTool(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${tool} not found: apt-get install -y glslang-tools spirv-tools spirv-cross`);
    throw new Error(`${tool} ${args.join(' ')} failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

/** Calls `use` with a fresh temporary directory, removed afterwards. */
export function inTempDir<T>(use: (dir: string) => T, prefix = 'spirv-tools-'): T {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The words of a SPIR-V binary file (a copy, aligned whatever the file buffer's offset). */
export function readSpirvFile(path: string): Uint32Array {
  const bytes = readFileSync(path);
  return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice();
}

/** Writes SPIR-V words to `path` as a binary module. */
export function writeSpirvFile(path: string, spirv: Uint32Array): void {
  writeFileSync(path, new Uint8Array(spirv.buffer, spirv.byteOffset, spirv.byteLength));
}

/**
 * HLSL source file → SPIR-V words via `glslangValidator -D -V` (SPIR-V 1.3: glslang 12 emits
 * BufferBlock, invalid in 1.4+, for HLSL buffers at newer targets).
 */
export function compileHlslWithGlslang(file: string, stage: GlslangStage, entry: string): Uint32Array {
  return inTempDir((dir) => {
    const out = join(dir, 'out.spv');
    runTool('glslangValidator', ['-D', '-V', '--target-env', 'vulkan1.1', '-S', stage, '-e', entry, file, '-o', out]);
    return readSpirvFile(out);
  });
}

/** Modules linked into one by spirv-link (its imports resolved against the others' exports, linkage removed). */
export function linkSpirv(modules: Uint32Array[], targetEnv: string): Uint32Array {
  return inTempDir((dir) => {
    const inputs = modules.map((m, i) => {
      const path = join(dir, `in${i}.spv`);
      writeSpirvFile(path, m);
      return path;
    });
    runTool('spirv-link', ['--target-env', targetEnv, ...inputs, '-o', join(dir, 'linked.spv')]);
    return readSpirvFile(join(dir, 'linked.spv'));
  });
}

/** SPIR-V assembly text → words via spirv-as. */
export function assembleSpirv(text: string, targetEnv = 'vulkan1.3'): Uint32Array {
  return inTempDir((dir) => {
    writeFileSync(join(dir, 'in.spvasm'), text);
    runTool('spirv-as', ['--target-env', targetEnv, join(dir, 'in.spvasm'), '-o', join(dir, 'out.spv')]);
    return readSpirvFile(join(dir, 'out.spv'));
  });
}

/** Throws with spirv-val's diagnostics unless the module file is valid; `args` e.g. `['--target-env', 'vulkan1.1']`. */
export function validateSpirvFile(path: string, args: string[] = []): void {
  runTool('spirv-val', [...args, path]);
}

/** The Vulkan environment a module's SPIR-V version was made for (the versions DXC and glslang pick per env). */
const ENV_OF_VERSION: Record<number, string> = { 0x10000: 'vulkan1.0', 0x10300: 'vulkan1.1', 0x10400: 'vulkan1.1spv1.4', 0x10500: 'vulkan1.2', 0x10600: 'vulkan1.3' };

/** spirv-val's spelling of each `-fspv-target-env=` value (DXC's names differ for two). */
export const VALIDATOR_ENV: Record<string, string> = { 'vulkan1.1spirv1.4': 'vulkan1.1spv1.4', 'universal1.5': 'spv1.5' };

export function targetEnvOf(spirv: Uint32Array): string {
  const env = ENV_OF_VERSION[spirv[1] ?? 0];
  if (env === undefined) throw new Error(`SPIR-V version 0x${(spirv[1] ?? 0).toString(16)} is not one a Vulkan target environment emits`);
  return env;
}

/**
 * Throws with spirv-val's diagnostics unless the module is valid for the target environment: by
 * default its own (from its SPIR-V version). Vulkan 1.0 modules get --relax-block-layout, the
 * vector-relaxed rule that DXC (and our compiler) use by default and validate with.
 */
export function validateSpirv(spirv: Uint32Array, options: { targetEnv?: string; flags?: string[] } = {}): void {
  const targetEnv = options.targetEnv ?? targetEnvOf(spirv);
  const relax = targetEnv === 'vulkan1.0' && !(options.flags ?? []).includes('--scalar-block-layout') ? ['--relax-block-layout'] : [];
  inTempDir((dir) => {
    const file = join(dir, 'module.spv');
    writeSpirvFile(file, spirv);
    validateSpirvFile(file, ['--target-env', targetEnv, ...relax, ...(options.flags ?? [])]);
  });
}

/** spirv-cross's JSON reflection of a module file. */
export function spirvCrossReflection(path: string): SpirvCrossReflection {
  return JSON.parse(runTool('spirv-cross', [path, '--reflect', 'json'])) as SpirvCrossReflection;
}

/** spirv-dis's text of a module file, one instruction per line without the header. */
export function disassemble(path: string, extraArgs: string[] = []): string {
  return runTool('spirv-dis', ['--no-header', '--no-indent', ...extraArgs, path]);
}

/** spirv-dis's text of in-memory SPIR-V words, with exactly the given spirv-dis options. */
export function disassembleSpirv(spirv: Uint32Array, args: string[] = []): string {
  return inTempDir((dir) => {
    const file = join(dir, 'module.spv');
    writeSpirvFile(file, spirv);
    return runTool('spirv-dis', [...args, file]);
  });
}

// The parts of spirv-cross's JSON reflection the tests read.
export interface CrossMember {
  name: string;
  type: string;
  offset: number;
  array?: number[];
  array_stride?: number;
  matrix_stride?: number;
  row_major?: boolean;
}

export interface CrossResource {
  type: string;
  name: string;
  set?: number;
  binding?: number;
  array?: number[];
  block_size?: number;
  readonly?: boolean;
  writeonly?: boolean;
  format?: string;
}

export interface CrossStageVariable {
  type: string;
  name: string;
  location: number;
  array?: number[];
}

export interface SpirvCrossReflection {
  entryPoints: Array<{ name: string; mode: string; workgroup_size?: number[]; workgroup_size_is_spec_constant_id?: boolean[] }>;
  types?: Record<string, { name: string; members: CrossMember[] }>;
  inputs?: CrossStageVariable[];
  outputs?: CrossStageVariable[];
  ubos?: CrossResource[];
  ssbos?: CrossResource[];
  push_constants?: CrossResource[];
  textures?: CrossResource[];
  separate_images?: CrossResource[];
  separate_samplers?: CrossResource[];
  images?: CrossResource[];
  subpass_inputs?: CrossResource[];
  acceleration_structures?: CrossResource[];
  specialization_constants?: Array<{ name: string; id: number; type: string; default_value: number | boolean }>;
}
