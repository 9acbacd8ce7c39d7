// vk::SampledTexture* (combined image samplers) compiled by our compiler and executed on lavapipe:
// SampleLevel through the descriptor's own sampler, Load, operator[], Gather, GetDimensions, a 2D
// array, and a combined sampler passed to a function. Expected values follow from the texels and the
// sampler state, not from the compiler. The reflection says combined-image-sampler, the typed module
// gives Vulkan a COMBINED_IMAGE_SAMPLER descriptor and WebGPU nothing (it has no combined samplers),
// and the WGSL target refuses the declaration at its line and column.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { loadGenerated } from '../../plugin/codegen/load-generated.js';
import { compileValid } from '../helpers.js';

const source = readFileSync(new URL('../../../fixtures/resources/sampled-texture.hlsl', import.meta.url), 'utf8');
const options = { entryPoints: [{ name: 'main', stage: 'compute' as const }] };

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.slice().buffer)];

describe('vk::SampledTexture2D and vk::SampledTexture2DArray', () => {
  const result = compileValid(source, options, ['vulkan1.0', 'vulkan1.1', 'vulkan1.2']);

  it('declares OpTypeSampledImage variables that reflect as combined image samplers', () => {
    const got = Object.fromEntries(result.reflection!.bindings.map((b) => [b.name, [b.binding, b.kind]]));
    expect(got).toEqual({ albedo: [0, 'combined-image-sampler'], heights: [1, 'combined-image-sampler'], results: [2, 'storage-buffer'] });
    const heights = result.reflection!.bindings.find((b) => b.name === 'heights')!;
    expect(heights.image).toMatchObject({ dim: '2d', arrayed: true, sampledType: 'float' });
  });

  it('reads through each descriptor’s own sampler on the driver', async () => {
    // albedo: 2x2 rgba32float, texel k = y*2+x holds [k, 10k, 100k, 1]; linear filter.
    const albedo = new Float32Array(16);
    for (let k = 0; k < 4; k++) albedo.set([k, 10 * k, 100 * k, 1], k * 4);
    // heights: 2x1, 2 layers of r32float: layer 0 = [1, 2], layer 1 = [30, 40]; nearest filter.
    const heights = new Float32Array([1, 2, 30, 40]);
    const results = await runComputeOnBoth(gpu, source, options, {
      spirv: result.spirv,
      groups: [1, 1, 1],
      bindings: [
        { binding: 0, kind: 'combined-image-sampler', format: 'rgba32float', width: 2, height: 2, data: albedo, filter: 'linear' },
        { binding: 1, kind: 'combined-image-sampler', format: 'r32float', width: 2, height: 1, dimension: '2d-array', depthOrLayers: 2, data: heights },
        { binding: 2, kind: 'storage-buffer', size: 7 * 16, name: 'results' },
      ],
    }, result.reflection!);
    const out = floats(results.spirv.buffers.results!);
    const row = (i: number) => out.slice(i * 4, i * 4 + 4);
    expect(row(0)).toEqual([1.5, 15, 150, 1]); // the mean of the four texels: the linear sampler is bound
    expect(row(1)).toEqual([1, 10, 100, 1]); // Load(1, 0, mip 0)
    expect(row(2)).toEqual([2, 20, 200, 1]); // [uint2(0, 1)]
    expect(row(3)).toEqual([20, 30, 10, 0]); // GatherGreen: texels (0,1), (1,1), (1,0), (0,0)
    expect(row(4)).toEqual([2, 2, 1, 2]); // width, height, mip levels; layers
    expect(row(5)).toEqual([30, 40, 1 + 2, 2 + 1]); // layer 1 sampled and loaded; Gather of layer 0
    expect(row(6)).toEqual([0, 0, 0, 1]); // through a function parameter, at texel 0's centre
  });

  it('is a COMBINED_IMAGE_SAMPLER descriptor in descriptorSetLayouts, and left out of bindGroupLayouts with the reason', async () => {
    const { exports, generated } = await loadGenerated({ reflection: result.reflection!, spirv: { kind: 'inline', words: result.spirv } });
    expect(exports.descriptorSetLayouts[0].bindings.map((b: { binding: number; descriptorType: number }) => [b.binding, b.descriptorType])).toEqual([
      [0, 1],
      [1, 1],
      [2, 7],
    ]);
    expect(exports.bindGroupLayouts[0].entries.map((e: { binding: number }) => e.binding)).toEqual([2]);
    expect(generated.warnings).toEqual([
      'binding "albedo" (set 0, binding 0) is left out of bindGroupLayouts: WebGPU has no combined-image-sampler binding',
      'binding "heights" (set 0, binding 1) is left out of bindGroupLayouts: WebGPU has no combined-image-sampler binding',
    ]);
  });
});

describe('vk::SampledTexture* diagnostics', () => {
  const errors = (src: string, target: 'spirv' | 'wgsl' = 'spirv') =>
    compile(src, { ...options, target }).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

  it('the WGSL target refuses a combined image sampler at its declaration', () => {
    expect(errors(source, 'wgsl')).toEqual([
      "4:30 the resource type 'vk::SampledTexture2D<float4>' is not supported by the WGSL target (WebGPU has no combined image samplers: declare the texture and a SamplerState, which the WGSL target binds apart), in 'albedo'",
    ]);
  });

  it('methods take no sampler argument, and keep the texture kind’s limits', () => {
    const prelude = 'vk::SampledTexture2D<float4> t;\nvk::SampledTexture3D<float4> v;\nSamplerState s;\nRWStructuredBuffer<float4> o;\n[numthreads(1,1,1)] void main() {\n';
    expect(errors(`${prelude}o[0] = t.SampleLevel(s, float2(0, 0), 0);\n}`)).toEqual([
      "6:22 cannot implicitly convert from 'SamplerState' to 'float2' in argument 1 of 'SampleLevel'",
    ]);
    expect(errors(`${prelude}o[0] = v.SampleCmpLevelZero(float3(0, 0, 0), 0.5);\n}`)).toEqual([
      "6:10 'SampleCmpLevelZero' is not available on 'vk::SampledTexture3D<float4>'",
    ]);
  });
});
