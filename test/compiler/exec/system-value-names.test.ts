// SM 6.8's SV_StartVertexLocation / SV_StartInstanceLocation are the draw's firstVertex and
// firstInstance (DXC: BuiltIn BaseVertex / BaseInstance, semantic.start-*-location.hlsl), drawn on
// lavapipe with a draw that starts at vertex 100, instance 7. Any other SV_ name this back end does
// not map is refused: before, it became a located value, so a misspelt SV_Position read nothing.
// SV_InnerCoverage is FullyCoveredEXT. (SV_Barycentrics: barycentrics.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../../compiler/index.js';
import { startGpuRunner, type GpuRunner } from '../../gpu/harness.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

let gpu: GpuRunner;
beforeAll(async () => {
  gpu = await startGpuRunner();
});
afterAll(() => gpu?.close());

const draw = { entryPoints: [{ name: 'vs_main', stage: 'vertex' as const }, { name: 'ps_main', stage: 'pixel' as const }] };

describe('SV_StartVertexLocation and SV_StartInstanceLocation', () => {
  // A full-screen triangle from SV_VertexID % 3; the provoking vertex's values reach the pixel flat.
  const source = `
    struct V { float4 pos : SV_Position; nointerpolation int2 starts : STARTS; };
    V vs_main(uint vid : SV_VertexID, int firstVertex : SV_StartVertexLocation, uint firstInstance : SV_StartInstanceLocation) {
      uint k = vid % 3;
      V o;
      o.pos = float4(float2((k << 1) & 2, k & 2) * 2 - 1, 0, 1);
      o.starts = int2(firstVertex, firstInstance);
      return o;
    }
    float4 ps_main(V v) : SV_Target { return float4(v.starts, 0, 1); }`;

  it('are the draw\'s firstVertex and firstInstance', async () => {
    for (const targetEnv of ['vulkan1.0', 'vulkan1.1'] as const) {
      const { spirv } = compileValid(source, { ...draw, targetEnv }, [targetEnv]);
      const text = disassembleSpirv(spirv);
      expect(text).toMatch(/OpDecorate %\w+ BuiltIn BaseVertex/);
      expect(text).toMatch(/OpDecorate %\w+ BuiltIn BaseInstance/);
      expect(text).toContain('OpCapability DrawParameters');
      // Core from SPIR-V 1.3 (vulkan1.1): the extension only before it.
      expect(text.includes('OpExtension "SPV_KHR_shader_draw_parameters"')).toBe(targetEnv === 'vulkan1.0');
      const image = await gpu.renderTriangle({
        vertexSpirv: spirv, vertexEntry: 'vs_main', pixelEntry: 'ps_main',
        vertexCount: 3, firstVertex: 100, firstInstance: 7, width: 8, height: 8, format: 'rgba32float',
      });
      expect(image.texel(3, 3), targetEnv).toEqual([100, 7, 0, 1]);
    }
  });
});

describe('SV_ names without a mapping', () => {
  const errors = (source: string, stage: 'vertex' | 'pixel') =>
    compile(source, { entryPoints: [{ name: 'main', stage }] }).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);

  it('are refused, not passed along as located values', () => {
    expect(errors('float4 main(float4 p : SV_Positon) : SV_Target { return p; }', 'pixel')).toEqual([
      "1:8 'SV_Positon' is not a system-value semantic: SV_ names are reserved for the system values HLSL defines",
    ]);
    expect(errors('struct O { float4 p : SV_Position; float4 c : SV_Colour; };\nO main() { O o = (O)0; return o; }', 'vertex')).toEqual([
      "2:3 'SV_Colour' is not a system-value semantic: SV_ names are reserved for the system values HLSL defines",
    ]);
  });

  it('that DXC maps only in other places are refused with DXC\'s builtin named', () => {
    expect(errors('float4 main(bool c : SV_CullPrimitive) : SV_Target { return c; }', 'pixel')).toEqual([
      "1:8 semantic 'SV_CullPrimitive' (DXC: BuiltIn CullPrimitiveEXT (mesh shader per-primitive outputs only)) is not supported yet",
    ]);
  });
});

describe('SV_InnerCoverage', () => {
  const source = `
    float4 vs_main(uint id : SV_VertexID) : SV_Position { return float4(float2((id << 1) & 2, id & 2) * 2 - 1, 0, 1); }
    float4 ps_main(uint inner : SV_InnerCoverage) : SV_Target { return float4(inner, 1, 0, 1); }`;

  it('is FullyCoveredEXT, a bool read as uint (DXC), declared uint only', () => {
    const text = disassembleSpirv(compileValid(source, { entryPoints: [draw.entryPoints[1]!] }).spirv);
    expect(text).toMatch(/OpDecorate %\w+ BuiltIn FullyCoveredEXT/);
    expect(text).toContain('OpExtension "SPV_EXT_fragment_fully_covered"');
    const errors = compile(source.replace('uint inner', 'float inner'), { entryPoints: [draw.entryPoints[1]!] }).diagnostics.map((d) => d.message);
    expect(errors).toEqual(["'SV_InnerCoverage' must be declared uint, not 'float' (as DXC)"]);
  });

  it('reads 0 without conservative rasterization (the Vulkan spec), as a uint', async (ctx) => {
    // The harness draws without conservative rasterization: every covered pixel reads not-fully-covered.
    const vs = compileValid(source, { entryPoints: [draw.entryPoints[0]!] });
    const ps = compileValid(source, { entryPoints: [draw.entryPoints[1]!] });
    const image = await gpu
      .renderTriangle({
        vertexSpirv: vs.spirv, pixelSpirv: ps.spirv, vertexEntry: 'vs_main', pixelEntry: 'ps_main',
        vertexCount: 3, width: 4, height: 4, format: 'rgba32float', extensions: ['VK_EXT_conservative_rasterization'],
      })
      .catch((error: Error) => {
        if (/VK_EXT_conservative_rasterization is not supported by this driver/.test(error.message)) ctx.skip();
        throw error;
      });
    expect(image.texel(1, 2)).toEqual([0, 1, 0, 1]);
  });
});
