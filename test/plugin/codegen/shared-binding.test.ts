// `register(t1)` + `register(s1)`: DXC puts the texture and the sampler on binding 1, which Vulkan
// serves with one combined-image-sampler descriptor. The generated descriptorSetLayouts must say
// exactly that (listing binding 1 twice is rejected by vkCreateDescriptorSetLayout), and a pipeline
// built from them runs under the validation layer. WebGPU has no combined samplers: bindGroupLayouts
// leave the slot out and say why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type Binding, type GpuRunner } from '../../gpu/harness.js';
import { validateSpirv } from '../../helpers/tools.js';
import { loadGenerated } from './load-generated.js';

const SOURCE = `
Texture2D<float4> tex : register(t1);
SamplerState smp : register(s1);
RWStructuredBuffer<float4> result : register(u0);
[numthreads(2, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  result[id.x] = tex.SampleLevel(smp, float2((id.x + 0.5) / 2.0, 0.5), 0);
}
`;

// VkDescriptorType (vulkan_core.h): COMBINED_IMAGE_SAMPLER 1, STORAGE_BUFFER 7.
const COMBINED_IMAGE_SAMPLER = 1;
const STORAGE_BUFFER = 7;

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

describe('a texture and a sampler on one binding', () => {
  const result = compile(SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }], targetEnv: 'vulkan1.1' });

  it('compiles without a warning (it is the intended combined-sampler convention)', () => {
    expect(result.diagnostics).toEqual([]);
    validateSpirv(result.spirv!);
  });

  it('is one combined-image-sampler binding in descriptorSetLayouts and left out of bindGroupLayouts with the reason', async () => {
    const { exports, generated } = await loadGenerated({ reflection: result.reflection!, spirv: { kind: 'inline', words: result.spirv! } });
    expect(exports.descriptorSetLayouts).toEqual([
      {
        set: 0,
        bindings: [
          { binding: 0, descriptorType: STORAGE_BUFFER, descriptorCount: 1, stageFlags: 0x20 },
          { binding: 1, descriptorType: COMBINED_IMAGE_SAMPLER, descriptorCount: 1, stageFlags: 0x20 },
        ],
      },
    ]);
    expect(exports.bindGroupLayouts[0].entries.map((e: { binding: number }) => e.binding)).toEqual([0]);
    expect(generated.warnings).toEqual([
      'set 0, binding 1 is left out of bindGroupLayouts: "smp" (sampler), "tex" (sampled-image) share it, and a WebGPU binding holds one resource (WebGPU has no combined image samplers; the WGSL target gives the sampler a binding of its own)',
    ]);
  });

  it('runs against a pipeline layout made from those descriptorSetLayouts, validation layer on', async () => {
    const { exports } = await loadGenerated({ reflection: result.reflection!, spirv: { kind: 'inline', words: result.spirv! } });
    const texels = new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const bindings: Binding[] = exports.descriptorSetLayouts[0].bindings.map((b: { binding: number; descriptorType: number }): Binding =>
      b.descriptorType === COMBINED_IMAGE_SAMPLER
        ? { binding: b.binding, kind: 'combined-image-sampler', format: 'rgba32float', width: 2, height: 1, data: new Uint8Array(texels.buffer) }
        : { binding: b.binding, kind: 'storage-buffer', size: 32, name: 'result' },
    );
    const { buffers } = await gpu.runCompute({ spirv: result.spirv!, groups: [1, 1, 1], bindings });
    expect([...new Float32Array(buffers.result!.slice().buffer)]).toEqual([...texels]);
  });
});
