// Runs the external SPIR-V tools the reflection tests compare against: glslangValidator compiles the
// fixtures, spirv-as assembles hand-written ones, spirv-val validates every module, spirv-cross and
// spirv-dis give an independent reading of each module.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const fixturesDir = fileURLToPath(new URL('../../../fixtures/reflect/', import.meta.url));

const workDir = mkdtempSync(join(tmpdir(), 'reflect-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

export interface CompiledModule {
  path: string;
  words: Uint32Array;
}

function run(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${tool} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

function load(path: string): CompiledModule {
  const bytes = readFileSync(path);
  return { path, words: new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4).slice() };
}

/** Compiles `fixtures/reflect/<file>` with glslangValidator and validates the result. */
export function compileFixture(file: string, args: string[]): CompiledModule {
  const out = join(workDir, `${basename(file)}.spv`);
  run('glslangValidator', [...args, join(fixturesDir, file), '-o', out]);
  run('spirv-val', [out]);
  return load(out);
}

/** Assembles SPIR-V assembly text with spirv-as (`targetEnv` e.g. `spv1.4`) without validating. */
export function assembleText(text: string, name: string, targetEnv = 'spv1.0'): CompiledModule {
  const source = join(workDir, `${name}.spvasm`);
  const out = join(workDir, `${name}.spv`);
  writeFileSync(source, text);
  run('spirv-as', ['--target-env', targetEnv, source, '-o', out]);
  return load(out);
}

/** Assembles `fixtures/reflect/<file>` and validates the result. */
export function assembleFixture(file: string, targetEnv = 'spv1.0'): CompiledModule {
  const module = assembleText(readFileSync(join(fixturesDir, file), 'utf8'), basename(file), targetEnv);
  validate(module.path, targetEnv);
  return module;
}

export function validate(path: string, targetEnv = 'spv1.0'): void {
  run('spirv-val', ['--target-env', targetEnv, path]);
}

/** True when spirv-val accepts the module. */
export function isValid(words: Uint32Array, name: string): boolean {
  const path = join(workDir, `${name}.spv`);
  writeFileSync(path, words);
  try {
    run('spirv-val', [path]);
    return true;
  } catch {
    return false;
  }
}

export function spirvCrossReflection(path: string): SpirvCrossReflection {
  return JSON.parse(run('spirv-cross', [path, '--reflect', 'json'])) as SpirvCrossReflection;
}

export function disassemble(path: string, extraArgs: string[] = []): string {
  return run('spirv-dis', ['--no-header', '--no-indent', ...extraArgs, path]);
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
