// A semantic written on a struct-typed stage value names the struct's leaves in order, its index
// counting up (DXC: `SInstanceData InstanceData : TEXCOORD4` in intrinsics.vkreadclock.hlsl, `output
// main() : SV_Position` in PositionInVSTests.hlsl). Drawn on lavapipe (SPIR-V) and WebGPU (WGSL) from
// the same source: vertex attributes reach the inherited TEXCOORD4/5 locations, and the nested varyings
// (COLOR0, COLOR1) reach the pixel shader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderResult } from '../../gpu/harness.js';
import { renderTriangleOnBoth, startTargets, type Targets } from '../../webgpu/both-targets.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compile } from '../../../compiler/index.js';
import { compileValid } from '../helpers.js';

let gpu: Targets;
beforeAll(async () => {
  gpu = await startTargets();
});
afterAll(() => gpu?.close());

const source = `
  struct Tint { float2 scale; float2 bias; };
  struct VSIn { float2 pos : POSITION; Tint tint : TEXCOORD4; };
  struct Varyings { float2 rg; float blue; };
  struct VSOut { float4 pos : SV_Position; Varyings v : COLOR0; };
  VSOut vs_main(VSIn input) {
    VSOut o;
    o.pos = float4(input.pos, 0, 1);
    o.v.rg = input.tint.scale;
    o.v.blue = input.tint.bias.x + input.tint.bias.y;
    return o;
  }
  float4 ps_main(VSOut i) : SV_Target { return float4(i.v.rg, i.v.blue, 1); }`;

const both = { entryPoints: [{ name: 'vs_main', stage: 'vertex' as const }, { name: 'ps_main', stage: 'pixel' as const }] };

describe('semantics inherited from a struct-typed stage value', () => {
  it('gives the leaves TEXCOORD4, TEXCOORD5 and COLOR0, COLOR1 in order', () => {
    const vs = disassembleSpirv(compileValid(source, { entryPoints: [both.entryPoints[0]!] }).spirv);
    expect(vs).toMatch(/OpDecorate %in_var_POSITION Location 0/);
    expect(vs).toMatch(/OpDecorate %in_var_TEXCOORD4 Location 1/);
    expect(vs).toMatch(/OpDecorate %in_var_TEXCOORD5 Location 2/);
    expect(vs).toMatch(/OpDecorate %out_var_COLOR0 Location 0/);
    expect(vs).toMatch(/OpDecorate %out_var_COLOR1 Location 1/);
  });

  it('carries each attribute to its inherited location and each varying to the pixel shader', async () => {
    const vs = compileValid(source, { entryPoints: [both.entryPoints[0]!] });
    const ps = compileValid(source, { entryPoints: [both.entryPoints[1]!] });
    // One full-screen triangle; every vertex has the same tint, so the colour is constant.
    const tint = [0.25, 0.5, 0.125, 0.5];
    const verts = [[-1, -1, ...tint], [3, -1, ...tint], [-1, 3, ...tint]];
    const images = await renderTriangleOnBoth(gpu, source, both, {
      vertexSpirv: vs.spirv,
      pixelSpirv: ps.spirv,
      vertexEntry: 'vs_main',
      pixelEntry: 'ps_main',
      vertices: new Float32Array(verts.flat()),
      stride: 24,
      attributes: [
        { location: 0, format: 'rg32float', offset: 0 },
        { location: 1, format: 'rg32float', offset: 8 },
        { location: 2, format: 'rg32float', offset: 16 },
      ],
      width: 4,
      height: 4,
      format: 'rgba32float',
      clear: [0, 0, 0, 0],
    });
    const check = (image: RenderResult, target: string) => {
      for (const [x, y] of [[0, 0], [3, 3], [1, 2]] as const) expect(image.texel(x, y), `${target} (${x}, ${y})`).toEqual([0.25, 0.5, 0.625, 1]);
    };
    check(images.spirv, 'SPIR-V on lavapipe');
    if (images.wgsl) check(images.wgsl, 'WGSL on WebGPU');
  });

  it("puts a vertex shader's SV_Position on its returned struct's member, and refuses a non-float4 one as DXC does", () => {
    const pos = `struct Out { float4 x; }; Out main(float2 p : POSITION) : SV_Position { Out o; o.x = float4(p, 0, 1); return o; }`;
    const text = disassembleSpirv(compileValid(pos, { entryPoints: [{ name: 'main', stage: 'vertex' }] }).spirv);
    expect(text).toMatch(/OpDecorate %gl_Position BuiltIn Position/);
    const bad = `struct Out { float3 x; }; Out main() : SV_Position { Out o = (Out)0; return o; }`;
    const errors = compile(bad, { entryPoints: [{ name: 'main', stage: 'vertex' }] }).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors).toEqual(['SV_Position must be a 4-component 32-bit float vector or a composite which recursively contains only such a vector']);
  });
});
