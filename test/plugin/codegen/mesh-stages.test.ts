// A library file with amplification, mesh and pixel entry points (fixtures/compiler/meshlets.hlsl),
// compiled into one module the way the plugin does (every entry point of the file): reflection
// names each entry's stage and the Vulkan descriptor set layouts give each binding the stage flags
// of the entry points that use it (VK_SHADER_STAGE_TASK_BIT_EXT 0x40, MESH 0x80, FRAGMENT 0x10).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { descriptorSetLayouts } from '../../../plugin/codegen/descriptors.js';
import { validateSpirv } from '../../helpers/tools.js';
import { fixtureEntries } from '../../compiler/helpers.js';

const FIXTURE = new URL('../../../fixtures/compiler/meshlets.hlsl', import.meta.url);

describe('mesh-shading stages in reflection and descriptor layouts', () => {
  const source = readFileSync(FIXTURE, 'utf8');
  const result = compile(source, { filename: FIXTURE.pathname, targetEnv: 'vulkan1.2', entryPoints: fixtureEntries(source) });

  it('compiles the three entry points into one valid module and reflects their stages', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    validateSpirv(result.spirv!, { targetEnv: 'vulkan1.2' });
    expect(result.reflection!.entryPoints.map((e) => [e.name, e.stage, e.workgroupSize && [e.workgroupSize.x, e.workgroupSize.y, e.workgroupSize.z]])).toEqual([
      ['cullMeshlets', 'amplification', [32, 1, 1]],
      ['drawMeshlet', 'mesh', [32, 1, 1]],
      ['shadeMeshlet', 'pixel', undefined],
    ]);
  });

  it('gives each binding the stage flags of its users', () => {
    const warnings: string[] = [];
    const [set0] = descriptorSetLayouts(result.reflection!, (w) => warnings.push(w)) as { bindings: { binding: number; stageFlags: number }[] }[];
    expect(warnings).toEqual([]);
    expect(set0!.bindings.map((b) => [b.binding, b.stageFlags])).toEqual([
      [0, 0x40 | 0x80 | 0x10], // Frame: all three
      [1, 0x40 | 0x80], // meshlets: amplification and mesh
      [2, 0x80], // positions
      [3, 0x80], // meshletVertices
      [4, 0x80], // meshletPrimitives
    ]);
  });
});
