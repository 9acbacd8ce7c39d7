// The pass manager: which passes each level runs, and the debug mode: every fixture's IR after every
// pass of the -O3 pipeline is emitted and passes spirv-val (a pass never leaves an invalid module).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { compileSpirv } from '../../../compiler/spirv/backend.js';
import { resolveOptions } from '../../../compiler/options.js';
import { pipelineFor } from '../../../compiler/opt/pipeline.js';
import { validateSpirv } from '../../helpers/tools.js';
import { fixtureEntries, fixtureTargets } from '../helpers.js';
import { irOf } from './ir-text.js';

const DIR = new URL('../../../fixtures/compiler/', import.meta.url);

describe('pipelines per level', () => {
  const m = irOf('RWStructuredBuffer<float> o; Texture2D unused; [numthreads(1, 1, 1)] void main() { o[0] = 1; }');
  const names = (options: Parameters<typeof pipelineFor>[1]) => pipelineFor(m, options).map((p) => p.name);

  it('-fcgl runs nothing, -O0 only legalisation, -O1…-O3 (default) the optimising passes', () => {
    expect(names({ codeGenHighLevel: true })).toEqual([]);
    expect(names({ optimizationLevel: 0 })).toEqual([]);
    expect(names({ optimizationLevel: 0, preserveBindings: true })).toEqual([]);
    expect(names({})).toEqual(['dead-resources', 'fold-constants', 'simplify-cfg', 'dead-code', 'dead-resources', 'dead-functions', 'guard-elision']);
    expect(names({ optimizationLevel: 1 })).toEqual(names({ optimizationLevel: 3 }));
  });
});

describe('debug mode: spirv-val after every pass', () => {
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.hlsl'))) {
    it(file, () => {
      const source = readFileSync(new URL(file, DIR), 'utf8');
      // A fixture's own first target environment (mesh shading and ray tracing need SPIR-V 1.4+).
      const targetEnv = (fixtureTargets(source)?.[0] ?? 'vulkan1.1') as 'vulkan1.1';
      const options = { filename: `/fixtures/${file}`, entryPoints: fixtureEntries(source), targetEnv };
      const resolved = resolveOptions(options, options.filename);
      const seen: string[] = [];
      const result = compile(source, {
        ...options,
        afterPass(pass, module) {
          seen.push(pass);
          const emitted = compileSpirv(module, resolved);
          expect(emitted.errors, `${file} after ${pass}`).toEqual([]);
          validateSpirv(emitted.output!.spirv);
        },
      });
      expect(result.success).toBe(true);
      expect(seen).toEqual(pipelineFor(irOf(source, options), {}).map((p) => p.name));
      validateSpirv(result.spirv!);
    });
  }
});
