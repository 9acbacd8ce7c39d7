// Ray-tracing libraries through reflection and the generated module: every [shader(...)] entry of
// the file in one module with its stage, Vulkan stage flags of the descriptor set layouts (numbers
// from vulkan_core.h), the acceleration-structure descriptor, the shader binding table record's
// layout, and bindGroupLayouts saying plainly that WebGPU has no acceleration structures.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { validateSpirv } from '../../helpers/tools.js';
import { loadGenerated } from './load-generated.js';

const vulkanHeader = readFileSync('/usr/include/vulkan/vulkan_core.h', 'utf8');
function vk(name: string): number {
  const match = new RegExp(`\\b${name} = (0x[0-9A-Fa-f]+|\\d+),`).exec(vulkanHeader);
  if (!match) throw new Error(`${name} not in vulkan_core.h`);
  return Number(match[1]);
}

describe('ray-tracing library in reflection and the generated module', () => {
  test('ray-traced-scene: five stages, their stage flags, the acceleration structure and the hit-group record', async () => {
    const path = new URL('../../../fixtures/compiler/ray-traced-scene.hlsl', import.meta.url);
    // No entry named: a library compiles every [shader(...)] entry point of the file.
    const r = compile(readFileSync(path, 'utf8'), { filename: path.pathname, targetEnv: 'vulkan1.2' });
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    validateSpirv(r.spirv!, { targetEnv: 'vulkan1.2' });
    const reflection = r.reflection!;
    expect(reflection.entryPoints.map((e) => [e.name, e.stage])).toEqual([
      ['raygen_camera', 'raygeneration'],
      ['closest_hit_shade', 'closesthit'],
      ['miss_sky', 'miss'],
      ['any_hit_cutout', 'anyhit'],
      ['callable_fog', 'callable'],
    ]);
    expect(reflection.shaderRecords).toEqual([
      expect.objectContaining({ name: 'material', usedBy: ['closest_hit_shade'], block: expect.objectContaining({ size: 16 }) }),
    ]);
    const { exports, generated } = await loadGenerated({ reflection, spirv: { kind: 'inline', words: r.spirv! } });
    // WebGPU has neither the stages nor acceleration structures: the layout says so plainly.
    expect(generated.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/"scene".*WebGPU has no acceleration-structure binding/)]));
    expect(generated.dts).toMatch(/shaderRecords/);
    const set0 = exports.descriptorSetLayouts[0].bindings;
    const byBinding = (n: number) => set0.find((b: { binding: number }) => b.binding === n);
    // Camera (b0) and radiance (u3): raygen; the scene (t1): raygen; tints (t2): closest hit.
    expect(byBinding(0)).toMatchObject({ descriptorType: vk('VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER'), stageFlags: vk('VK_SHADER_STAGE_RAYGEN_BIT_KHR') });
    expect(byBinding(1)).toMatchObject({ descriptorType: vk('VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR'), stageFlags: vk('VK_SHADER_STAGE_RAYGEN_BIT_KHR') });
    expect(byBinding(2)).toMatchObject({ descriptorType: vk('VK_DESCRIPTOR_TYPE_STORAGE_BUFFER'), stageFlags: vk('VK_SHADER_STAGE_CLOSEST_HIT_BIT_KHR') });
    expect(byBinding(3)).toMatchObject({ descriptorType: vk('VK_DESCRIPTOR_TYPE_STORAGE_IMAGE'), stageFlags: vk('VK_SHADER_STAGE_RAYGEN_BIT_KHR') });
    expect(exports.shaderRecords.material).toMatchObject({ name: 'material', size: 16, usedBy: ['closest_hit_shade'] });
    expect(exports.layouts.material).toBeDefined();
    expect(Object.keys(exports.entryPoints)).toEqual(['raygen_camera', 'closest_hit_shade', 'miss_sky', 'any_hit_cutout', 'callable_fog']);
  });
});
