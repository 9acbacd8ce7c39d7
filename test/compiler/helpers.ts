// Shared by compiler tests: compile HLSL and insist on valid SPIR-V (spirv-val for the requested
// target environments; the scalar rule needs --scalar-block-layout, the DX rule too).
import { expect } from 'vitest';
import { compile, formatDiagnostic, type CompileOptions, type CompileResult, type EntryPointRequest } from '../../compiler/index.js';
import { validateSpirv } from '../helpers/tools.js';

export function compileValid(source: string, options: CompileOptions = {}, envs: string[] = ['vulkan1.1', 'vulkan1.2']): CompileResult & { spirv: Uint32Array } {
  const byEnv = envs.map((env) => {
    const targetEnv = env as NonNullable<CompileOptions['targetEnv']>;
    const r = compile(source, { ...options, targetEnv });
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => formatDiagnostic(d, () => source))).toEqual([]);
    const flags = options.layoutRule === 'scalar' || options.layoutRule === 'dx' ? ['--scalar-block-layout'] : [];
    validateSpirv(r.spirv!, { targetEnv: env, flags });
    return r;
  });
  return byEnv[0] as CompileResult & { spirv: Uint32Array };
}

/** Entry points a fixture names in its `// entry: name stage, name stage` header. */
export function fixtureEntries(source: string): EntryPointRequest[] {
  const header = /^\/\/ entry: (.*)$/m.exec(source);
  if (!header) throw new Error('fixture without an `// entry:` header');
  return header[1]!.split(',').map((part) => {
    const [name, stage] = part.trim().split(/\s+/);
    return { name: name!, stage: stage as EntryPointRequest['stage'] };
  });
}

/** Target environments a fixture names in its optional `// targets: vulkan1.2 vulkan1.3` header. */
export function fixtureTargets(source: string): string[] | undefined {
  const header = /^\/\/ targets: (.*)$/m.exec(source);
  return header ? header[1]!.trim().split(/\s+/) : undefined;
}
