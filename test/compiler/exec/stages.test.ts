// Whole shaders through their entry wrappers: a groupshared reduction with barriers (64 threads),
// atomics on groupshared memory, and a vertex + pixel pair whose interpolated stage I/O is checked
// at pixel centres against barycentric interpolation computed here. Each runs as SPIR-V on lavapipe and
// as WGSL on WebGPU from the same source and bytes (WebGPU's NDC y points up, Vulkan's down).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderResult } from '../../gpu/harness.js';
import { renderTriangleOnBoth, runComputeOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

describe('compute stage', () => {
  it('reduces 64 values through groupshared memory and counts with InterlockedAdd', async () => {
    const source = `
      [[vk::binding(0)]] RWStructuredBuffer<float> Out;
      [[vk::binding(1)]] StructuredBuffer<float> In;
      groupshared float partial[64];
      groupshared uint positives;
      [numthreads(64, 1, 1)]
      void main(uint gi : SV_GroupIndex, uint3 tid : SV_DispatchThreadID) {
        if (gi == 0) positives = 0;
        partial[gi] = In[tid.x];
        GroupMemoryBarrierWithGroupSync();
        if (In[tid.x] > 0) InterlockedAdd(positives, 1);
        [unroll] for (uint s = 32; s > 0; s >>= 1) {
          if (gi < s) partial[gi] += partial[gi + s];
          GroupMemoryBarrierWithGroupSync();
        }
        if (gi == 0) { Out[0] = partial[0]; Out[1] = (float)positives; }
      }`;
    const { spirv, reflection } = compileValid(source);
    const values = Float32Array.from({ length: 64 }, (_, i) => ((i * 37) % 11) - 4.5);
    const results = await runComputeOnBoth(gpu, source, {}, {
      spirv,
      entry: 'main',
      groups: [1, 1, 1],
      bindings: [
        { set: 0, binding: 0, kind: 'storage-buffer', size: 8, name: 'out' },
        { set: 0, binding: 1, kind: 'storage-buffer', data: new Uint8Array(values.buffer) },
      ],
    }, reflection!);
    for (const [target, result] of [['SPIR-V', results.spirv], ['WGSL', results.wgsl]] as const) {
      if (!result) continue;
      const out = new Float32Array(result.buffers.out!.buffer, result.buffers.out!.byteOffset, 2);
      expect([...out], target).toEqual([values.reduce((a, b) => a + b, 0), values.filter((v) => v > 0).length]);
    }
  });
});

describe('vertex and pixel stages', () => {
  it('interpolates struct-flattened outputs with explicit locations; inputs in declaration order', async () => {
    // Explicit and implicit locations may not be mixed within the outputs (manual), so all are explicit.
    const source = `
      struct VSIn { float2 pos : POSITION; float3 color : COLOR; };
      struct VSOut {
        float4 pos : SV_Position;
        [[vk::location(1)]] float3 color : COLOR;
        [[vk::location(0)]] nointerpolation uint id : TRIANGLE_ID;
        [[vk::location(5)]] float weight : WEIGHT;
      };
      VSOut vs_main(VSIn input, uint vid : SV_VertexID) {
        VSOut o;
        o.pos = float4(input.pos, 0, 1);
        o.color = input.color;
        o.id = 7 + vid * 0;
        o.weight = vid == 1 ? 1.0 : 0.0;
        return o;
      }
      float4 ps_main(VSOut i) : SV_Target0 {
        return float4(i.color.r, i.color.g + i.weight, i.id == 7 ? i.color.b : 1.0, 1);
      }`;
    const vs = compileValid(source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }] });
    const ps = compileValid(source, { entryPoints: [{ name: 'ps_main', stage: 'pixel' }] });
    // A triangle covering the whole 8x8 target: (-1,-1), (3,-1), (-1,3); colours red, green, blue.
    const verts = [
      [-1, -1, 1, 0, 0],
      [3, -1, 0, 1, 0],
      [-1, 3, 0, 0, 0.5],
    ];
    const images = await renderTriangleOnBoth(gpu, source, { entryPoints: [{ name: 'vs_main', stage: 'vertex' }, { name: 'ps_main', stage: 'pixel' }] }, {
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: new Float32Array(verts.flat()),
      stride: 20,
      attributes: [
        { location: 0, format: 'rg32float', offset: 0 },
        { location: 1, format: 'rgb32float', offset: 8 },
      ],
      width: 8,
      height: 8,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
    });
    const check = (image: RenderResult, yUp: boolean, target: string) => {
      for (const [px, py] of [[0, 0], [3, 5], [6, 1]] as const) {
        // Pixel centre in NDC; barycentric weights of the three vertices (affine: w = 1 everywhere).
        const x = ((px + 0.5) / 8) * 2 - 1;
        const y = (yUp ? -1 : 1) * (((py + 0.5) / 8) * 2 - 1);
        const w1 = (x + 1) / 4;
        const w2 = (y + 1) / 4;
        const w0 = 1 - w1 - w2;
        const expected = [w0 * 1, w1 * 1 + w1 /* weight */, w2 * 0.5, 1];
        const got = image.texel(px, py);
        got.forEach((v, i) => expect(v, `${target} (${px}, ${py})[${i}]`).toBeCloseTo(expected[i]!, 4));
      }
    };
    check(images.spirv, false, 'SPIR-V on lavapipe');
    if (images.wgsl) check(images.wgsl, true, 'WGSL on WebGPU');
  });
});
