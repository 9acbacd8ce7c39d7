// Resources declared inside a cbuffer (DXC's type.cbuffer.including.resource): each is a global of
// its own, bound in declaration order before the buffer that named it, and a buffer left with only
// resources is no buffer at all. Executed on lavapipe (and WebGPU): the texture and both samplers are
// reached through their own bindings while the buffer's numbers still come from the buffer.
// Texel (x, y) of the 8x4 r32float texture holds x + 10y; samplers filter nearest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompileOptions } from '../../../compiler/index.js';
import type { Binding } from '../../gpu/types.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

const SOURCE = `
cbuffer Params { float4 scale; Texture2D<float> tex; SamplerState samp; };
cbuffer OnlySampler : register(b7) { SamplerState nearest; };
RWStructuredBuffer<float> results;
[numthreads(1, 1, 1)]
void main() {
  results[0] = scale.x * tex.SampleLevel(samp, float2(0.3125, 0.125), 0);
  results[1] = tex.SampleLevel(nearest, float2(0.6875, 0.625), 0) + scale.y;
}`;
const texels = new Float32Array(32).map((_, k) => (k % 8) + 10 * Math.floor(k / 8));

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('resources declared in a cbuffer', () => {
  it('are globals of their own, bound before their buffer; a buffer of resources only is dropped', () => {
    const text = disassembleSpirv(compileValid(SOURCE, { entryPoints: [{ name: 'main', stage: 'compute' }] }).spirv);
    const binding = (name: string) => Number(new RegExp(`OpDecorate %${name} Binding (\\d+)`).exec(text)?.[1]);
    expect([binding('tex'), binding('samp'), binding('Params'), binding('nearest'), binding('results')]).toEqual([0, 1, 2, 3, 4]);
    expect(text).toMatch(/%type_Params = OpTypeStruct %v4float\n/);
    expect(text).not.toMatch(/OnlySampler/);
  });

  it.each([0, 3] as const)('are read through their own bindings at -O%i', async (level) => {
    const options: CompileOptions = { entryPoints: [{ name: 'main', stage: 'compute' }], optimizationLevel: level };
    const result = compileValid(SOURCE, options);
    const bindings: Binding[] = [
      { binding: 0, kind: 'sampled-image', format: 'r32float', width: 8, height: 4, data: texels },
      { binding: 1, kind: 'sampler' },
      { binding: 2, kind: 'uniform-buffer', data: new Float32Array([3, 100, 0, 0]) },
      { binding: 3, kind: 'sampler' },
      { binding: 4, kind: 'storage-buffer', size: 8, name: 'results' },
    ];
    const results = await runComputeOnBoth(gpu, SOURCE, options, { spirv: result.spirv, groups: [1, 1, 1], bindings }, result.reflection!);
    const floats = (bytes: Uint8Array) => [...new Float32Array(bytes.buffer, bytes.byteOffset, 2)];
    // Texel (2, 0) scaled by 3; texel (5, 2) plus 100.
    expect(floats(results.spirv.buffers.results!), 'SPIR-V').toEqual([6, 125]);
    expect(results.wgsl, 'the WGSL case ran').toBeDefined();
    expect(floats(results.wgsl!.buffers.results!), 'WGSL').toEqual([6, 125]);
  });
});
