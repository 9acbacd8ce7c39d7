// System-value semantics on vertex shader inputs that have no builtin there are plain attributes, as in
// DXC (spirv.interface.vs.hlsl: SV_Position, SV_ClipDistance, SV_CullDistance take locations in
// order). Drawn on lavapipe and WebGPU: each attribute reaches its input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderResult } from '../../gpu/harness.js';
import { renderTriangleOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const source = `
  struct VSOut { float4 pos : SV_Position; float3 color : COLOR; };
  VSOut vs_main(float2 corner : SV_Position, float clip : SV_ClipDistance, float cull : SV_CullDistance0) {
    VSOut o;
    o.pos = float4(corner, 0, 1);
    o.color = float3(clip, cull, clip + cull);
    return o;
  }
  float4 ps_main(VSOut i) : SV_Target { return float4(i.color, 1); }`;
const both = { entryPoints: [{ name: 'vs_main', stage: 'vertex' as const }, { name: 'ps_main', stage: 'pixel' as const }] };

describe('SV semantics as vertex attributes', () => {
  it('SV_Position, SV_ClipDistance and SV_CullDistance inputs take locations 0, 1, 2', async () => {
    const vs = compileValid(source, { entryPoints: [both.entryPoints[0]!] });
    const ps = compileValid(source, { entryPoints: [both.entryPoints[1]!] });
    const text = disassembleSpirv(vs.spirv);
    expect(text).toMatch(/OpDecorate %in_var_SV_ClipDistance Location 1/);
    expect(text).toMatch(/OpDecorate %in_var_SV_CullDistance0 Location 2/);
    expect(text).not.toMatch(/BuiltIn (Clip|Cull)Distance/);
    const verts = [[-1, -1, 0.25, 0.5], [3, -1, 0.25, 0.5], [-1, 3, 0.25, 0.5]];
    const images = await renderTriangleOnBoth(gpu, source, both, {
      vertexSpirv: vs.spirv, pixelSpirv: ps.spirv, vertexEntry: 'vs_main', pixelEntry: 'ps_main',
      vertices: new Float32Array(verts.flat()), stride: 16,
      attributes: [{ location: 0, format: 'rg32float', offset: 0 }, { location: 1, format: 'r32float', offset: 8 }, { location: 2, format: 'r32float', offset: 12 }],
      width: 4, height: 4, format: 'rgba32float', clear: [0, 0, 0, 0],
    });
    const check = (image: RenderResult, target: string) => expect(image.texel(1, 2), target).toEqual([0.25, 0.5, 0.75, 1]);
    check(images.spirv, 'SPIR-V on lavapipe');
    if (images.wgsl) check(images.wgsl, 'WGSL on WebGPU');
  });
});
