// SV_ShadingRate as DXC maps it (SPV_KHR_fragment_shading_rate): the rate a vertex, geometry or mesh
// shader asks for its primitive (PrimitiveShadingRateKHR) and the rate a pixel shader runs at
// (ShadingRateKHR); not yet a mesh shader's per-primitive output, whose arrayed variable both spirv-val
// versions here reject (VUID-04486 wants a scalar). It was a plain located value before: a rate the rasterizer never saw. A pixel
// shader with rasterizer-ordered views that reads it orders its interlock per shading-rate region,
// one that reads SV_SampleIndex per sample (DXC's choice). Module shape and spirv-val only: no driver
// here offers VK_KHR_fragment_shading_rate to a test.
import { describe, expect, it } from 'vitest';
import { compile, type CompileOptions } from '../../../compiler/index.js';
import { disassembleSpirv } from '../../helpers/tools.js';
import { compileValid } from '../helpers.js';

const text = (source: string, options: CompileOptions, envs = ['vulkan1.1', 'vulkan1.2']) => disassembleSpirv(compileValid(source, options, envs).spirv);

describe('SV_ShadingRate', () => {
  it('is PrimitiveShadingRateKHR out of vertex and geometry shaders and ShadingRateKHR into pixel shaders', () => {
    const vs = text('void main(float4 p : POSITION, out float4 pos : SV_Position, out uint rate : SV_ShadingRate) { pos = p; rate = 5; }', { entryPoints: [{ name: 'main', stage: 'vertex' }] });
    expect(vs).toMatch(/OpCapability FragmentShadingRateKHR/);
    expect(vs).toMatch(/OpExtension "SPV_KHR_fragment_shading_rate"/);
    expect(vs).toMatch(/OpDecorate %\w+ BuiltIn PrimitiveShadingRateKHR/);
    expect(vs).not.toMatch(/SV_ShadingRate|Location 1/);
    const gs = text(`
      struct V { float4 pos : SV_Position; uint rate : SV_ShadingRate; };
      [maxvertexcount(1)] void main(point float4 p[1] : SV_Position, inout PointStream<V> s) { V v; v.pos = p[0]; v.rate = 1; s.Append(v); }`,
      { entryPoints: [{ name: 'main', stage: 'geometry' }] });
    expect(gs).toMatch(/OpDecorate %\w+ BuiltIn PrimitiveShadingRateKHR/);
    const ps = text('float4 main(uint rate : SV_ShadingRate) : SV_Target { return float4(rate, 0, 0, 1); }', { entryPoints: [{ name: 'main', stage: 'pixel' }] });
    expect(ps).toMatch(/OpDecorate %\w+ BuiltIn ShadingRateKHR/);
    expect(ps).toMatch(/OpCapability FragmentShadingRateKHR/);
    expect(ps).toMatch(/%_ptr_Input_uint/);
  });

  it('is refused as a mesh shader\'s per-primitive output (spirv-val 2023.1 and 2025.1 reject the arrayed PrimitiveShadingRateKHR)', () => {
    const result = compile(`
      struct V { float4 pos : SV_Position; };
      struct P { uint rate : SV_ShadingRate; };
      [outputtopology("triangle")] [numthreads(1, 1, 1)]
      void main(out vertices V v[3], out indices uint3 t[1], out primitives P p[1]) {
        SetMeshOutputCounts(3, 1);
        v[0].pos = 0; v[1].pos = 0; v[2].pos = 0; t[0] = uint3(0, 1, 2); p[0].rate = 4;
      }`, { entryPoints: [{ name: 'main', stage: 'mesh' }], targetEnv: 'vulkan1.2' });
    expect(result.spirv).toBeUndefined();
    expect(result.diagnostics.map((d) => d.message).join()).toMatch(/SV_ShadingRate/);
  });

  it('orders a rasterizer-ordered view\'s interlock per shading-rate region or per sample, as DXC', () => {
    const rov = (params: string) => `RasterizerOrderedBuffer<float> rov;\nfloat4 main(${params}) : SV_Target { return rov[0]; }`;
    const pixel: CompileOptions = { entryPoints: [{ name: 'main', stage: 'pixel' }] };
    const rate = text(rov('uint rate : SV_ShadingRate'), pixel);
    expect(rate).toMatch(/OpCapability FragmentShaderShadingRateInterlockEXT/);
    expect(rate).toMatch(/OpExecutionMode %main ShadingRateInterlockOrderedEXT/);
    expect(rate).not.toMatch(/PixelInterlock/);
    const sample = text(rov('uint s : SV_SampleIndex'), pixel);
    expect(sample).toMatch(/OpCapability FragmentShaderSampleInterlockEXT/);
    expect(sample).toMatch(/OpExecutionMode %main SampleInterlockOrderedEXT/);
    const plain = text(rov('float4 p : SV_Position'), pixel);
    expect(plain).toMatch(/OpExecutionMode %main PixelInterlockOrderedEXT/);
  });

  it('is refused where no stage has it, and by the WGSL target', () => {
    const errors = (source: string, options: CompileOptions) => compile(source, options).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
    expect(errors('[numthreads(1,1,1)] void main(uint r : SV_ShadingRate) {}', { entryPoints: [{ name: 'main', stage: 'compute' }] }).join()).toMatch(/SV_ShadingRate/);
    expect(errors('float4 main(uint rate : SV_ShadingRate) : SV_Target { return rate; }', { entryPoints: [{ name: 'main', stage: 'pixel' }], target: 'wgsl' }).join()).toMatch(/SV_ShadingRate/i);
  });
});
