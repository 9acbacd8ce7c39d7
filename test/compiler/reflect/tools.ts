// The reflection tests' fixture modules, made by the external tools (test/helpers/tools.ts):
// glslangValidator compiles the fixtures, spirv-as assembles hand-written ones, spirv-val validates
// every module.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions } from '../../../compiler/index.js';
import { readSpirvFile, runTool, validateSpirvFile, writeSpirvFile } from '../../helpers/tools.js';
import { fixtureEntries } from '../helpers.js';
import type { CompiledFixture } from './fixtures.js';

export const fixturesDir = fileURLToPath(new URL('../../../fixtures/reflect/', import.meta.url));

const workDir = mkdtempSync(join(tmpdir(), 'reflect-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

export interface CompiledModule {
  path: string;
  words: Uint32Array;
}

function load(path: string): CompiledModule {
  return { path, words: readSpirvFile(path) };
}

/** Compiles `fixtures/reflect/<file>` with glslangValidator (or our compiler) and validates the result. */
export function compileFixture(fixture: CompiledFixture): CompiledModule {
  const { file, args } = fixture;
  const source = join(fixturesDir, file);
  const entries = fixture.options?.entryPoints?.map((e) => `-${e.name}`).join('') ?? '';
  const variant = (fixture.options?.reflect ? '-reflect' : '') + entries;
  const out = join(workDir, `${fixture.compiler ?? 'glslang'}-${basename(file)}${variant}.spv`);
  if (fixture.compiler === 'unplugin-hlsl') {
    const text = readFileSync(source, 'utf8');
    const options: CompileOptions = { filename: source, targetEnv: 'vulkan1.1', ...fixture.options };
    if (!options.entryPoints && /^\/\/ entry: /m.test(text)) options.entryPoints = fixtureEntries(text);
    const result = compile(text, options);
    if (!result.success) throw new Error(`${file} does not compile:\n${result.diagnostics.map((d) => formatDiagnostic(d, () => text)).join('\n')}`);
    writeSpirvFile(out, result.spirv!);
    const scalar = options.layoutRule === 'scalar' || options.layoutRule === 'dx';
    validateSpirvFile(out, ['--target-env', options.targetEnv ?? 'vulkan1.1', ...(scalar ? ['--scalar-block-layout'] : [])]);
    return load(out);
  }
  runTool('glslangValidator', [...args, source, '-o', out]);
  validateSpirvFile(out);
  return load(out);
}

/** Assembles SPIR-V assembly text with spirv-as (`targetEnv` e.g. `spv1.4`) without validating. */
export function assembleText(text: string, name: string, targetEnv = 'spv1.0'): CompiledModule {
  const source = join(workDir, `${name}.spvasm`);
  const out = join(workDir, `${name}.spv`);
  writeFileSync(source, text);
  runTool('spirv-as', ['--target-env', targetEnv, source, '-o', out]);
  return load(out);
}

/** Assembles `fixtures/reflect/<file>` and validates the result. */
export function assembleFixture(file: string, targetEnv = 'spv1.0'): CompiledModule {
  const module = assembleText(readFileSync(join(fixturesDir, file), 'utf8'), basename(file), targetEnv);
  validateSpirvFile(module.path, ['--target-env', targetEnv]);
  return module;
}

/** True when spirv-val accepts the module. */
export function isValid(words: Uint32Array, name: string): boolean {
  const path = join(workDir, `${name}.spv`);
  writeSpirvFile(path, words);
  try {
    validateSpirvFile(path);
    return true;
  } catch {
    return false;
  }
}
